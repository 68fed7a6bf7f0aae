//! The table the player sees: a mirror `Game` built from the server's messages, with the
//! seats, clocks, last moves, checks, banners and the record, and the picking logic that turns
//! clicks into moves. No drawing and no sockets here, so it is tested without a window.

mod clocks;
mod picking;

pub(crate) use clocks::{
    clock_text, format_ms, format_spent, time_control_label, time_control_name, TIME_CONTROLS,
};

use crate::i18n::{level_name, seat_name, side_name, tr, trf, Text};
use crate::state::notation;
use yonin_core::protocol::{Clocks, GameState, Occupant, SeatInfo};
use yonin_core::ReplayError;
use yonin_core::{parse_start, Action, BotLevel, TimeControl};
use yonin_core::{
    BySeat, Event, Game, GameError, Move, Outcome, PieceKind, Position, RuleSet, Seat, Square,
    Variant,
};

/// Something the frame loop should play or show once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cue {
    Move,
    Capture,
    Check,
    /// It became the player's turn (a sound and a pulse on their plate).
    MyTurn,
    Illegal,
    GameOver,
}

/// A short message over the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    pub text: String,
    /// Local time (seconds) until which it shows.
    pub until: f64,
    /// The seat whose move ends it sooner (the seat that must answer a check).
    pub until_moves: Option<Seat>,
}

/// What the player picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Square(Square),
    Hand(PieceKind),
}

/// What releasing a picked piece on a square means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Not a legal destination.
    Nothing,
    Play(Move),
    /// Promotion is optional: ask, showing both pieces.
    AskPromotion {
        plain: Move,
        promoted: Move,
    },
}

/// The last capture: who took what, where, at which ply (the view animates it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    pub by: Seat,
    pub kind: PieceKind,
    pub square: Square,
    pub ply: u32,
}

/// One line of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLine {
    pub ply: u32,
    pub seat: Seat,
    pub japanese: String,
    pub usi: String,
}

/// A game as the client holds it.
#[derive(Clone, Debug)]
pub struct Table {
    pub game: Game,
    /// The player's seat (None when watching). In pass and play, the seat of the person at
    /// this computer who moves now (or moved last).
    pub me: Option<Seat>,
    /// Pass and play: the seats of every person at this computer (empty otherwise).
    pub here: Vec<Seat>,
    /// The seat shown at the bottom when it is not `me` (a replay seen from another seat).
    pub view_from: Option<Seat>,
    pub seats: Vec<SeatInfo>,
    pub time_control: TimeControl,
    pub clocks: Clocks,
    /// Local time at which `clocks` were received.
    pub clocks_at: f64,
    /// Local time at which the current turn began.
    pub turn_started: f64,
    /// Each seat's last move, and the ply it was played at.
    pub last_moves: BySeat<Option<(Move, u32)>>,
    pub last_mover: Option<Seat>,
    /// Live seats in check, in the order they must answer.
    pub check_order: Vec<Seat>,
    pub banner: Option<Banner>,
    pub record: Vec<RecordLine>,
    pub outcome: Option<Outcome>,
    /// The record text the server sent at the end.
    pub final_record: Option<String>,
    /// Seats whose resignation waits for their turn.
    pub pending_resignations: Vec<Seat>,
    /// The legal moves of the seat to move (cached per position).
    legal: Vec<Move>,
    /// The mirror disagreed with the server; the game should be fetched again.
    pub desync: bool,
    /// Everything played, in order (for saving and replaying the game).
    pub actions: Vec<Action>,
    /// The finished game was put in the replay library.
    pub saved: bool,
    pub last_capture: Option<Capture>,
    /// Local time at which each dropped person's grace period ends (see `reconnect`).
    pub grace_until: BySeat<Option<f64>>,
    /// The person who sat in each seat during this game, and the bot that stood in for them
    /// (if one did): kept through a drop, a stand-in and a forfeit, even when the server later
    /// shows the seat empty or held by a bot. See [`Table::learn_people`].
    people: BySeat<Option<(String, Option<BotLevel>)>>,
}

impl Table {
    /// A table from a full game state.
    pub(crate) fn from_state(
        state: &GameState,
        time_control: TimeControl,
        now: f64,
    ) -> Result<Table, ReplayError> {
        let start = parse_start(&state.rules, &state.start)?;
        let mut t = Table::from_actions(state.rules, start, &state.actions, state.you, now)?;
        t.seats = state.seats.clone();
        t.learn_people();
        t.time_control = time_control;
        t.clocks = state.clocks.clone();
        // The settling state the moves do not carry: a standing offer, stand-ins to claim against.
        if let Some(by) = state.draw_offer {
            let _ = t.game.offer_draw(by, false);
        }
        for &seat in &state.claimable {
            t.game.stand_in(seat);
        }
        if state.outcome.is_some() {
            t.outcome = state.outcome.clone();
        }
        Ok(t)
    }

    /// A table for a game held locally (screenshots, tests): the record, last moves and checks
    /// are rebuilt from its moves. A game whose actions are known (a replay, a server's state)
    /// is better built by [`Table::from_actions`]: a Yonin resignation between two moves is an
    /// action, not a move, and only the actions place it.
    pub fn from_game(game: Game, me: Option<Seat>, now: f64) -> Table {
        let rules = *game.rules();
        let moves: Vec<Action> = game
            .moves()
            .iter()
            .map(|pm| Action::Move {
                seat: pm.seat,
                mv: pm.mv,
                millis: pm.millis,
            })
            .collect();
        let mut t = Table::empty(Game::from_position(rules, game.start().clone()), me, now);
        for action in &moves {
            if t.replay_action(action).is_err() {
                break;
            }
        }
        // Resignations and other endings after the last move are not in `moves()`: keep the
        // given game, which has them.
        t.game = game;
        t.outcome = t.game.outcome().cloned();
        t.refresh();
        t
    }

    /// A table for the game of `actions` from `start`: the record, last moves and checks
    /// rebuilt action by action, resignations and other endings in their places. `Err` names
    /// the first action that does not apply.
    pub(crate) fn from_actions(
        rules: RuleSet,
        start: Position,
        actions: &[Action],
        me: Option<Seat>,
        now: f64,
    ) -> Result<Table, ReplayError> {
        let mut t = Table::empty(Game::from_position(rules, start), me, now);
        for (index, action) in actions.iter().enumerate() {
            t.replay_action(action)
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        t.outcome = t.game.outcome().cloned();
        t.refresh();
        Ok(t)
    }

    /// Applies one action of a game being rebuilt: its record line, last move and action list.
    fn replay_action(&mut self, action: &Action) -> Result<(), GameError> {
        if let Action::Move { seat, mv, .. } = *action {
            self.note_move(seat, mv);
            if let Err(e) = action.apply(&mut self.game) {
                self.record.pop();
                return Err(e);
            }
            let ply = self.game.moves().last().map_or(0, |pm| pm.ply);
            self.last_moves[seat] = Some((mv, ply));
            self.last_mover = Some(seat);
        } else {
            action.apply(&mut self.game).map(|_| ())?;
        }
        self.actions.push(*action);
        Ok(())
    }

    /// A table of `game` with nothing played on it yet as far as the table knows.
    fn empty(game: Game, me: Option<Seat>, now: f64) -> Table {
        Table {
            game,
            me,
            here: Vec::new(),
            view_from: None,
            seats: Vec::new(),
            time_control: TimeControl::None,
            clocks: Clocks::default(),
            clocks_at: now,
            turn_started: now,
            last_moves: BySeat::default(),
            last_mover: None,
            check_order: Vec::new(),
            banner: None,
            record: Vec::new(),
            outcome: None,
            final_record: None,
            pending_resignations: Vec::new(),
            legal: Vec::new(),
            desync: false,
            actions: Vec::new(),
            saved: false,
            last_capture: None,
            grace_until: BySeat::default(),
            people: BySeat::default(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.game.rules().variant
    }

    pub(crate) fn four_seats(&self) -> bool {
        self.variant() == Variant::Yonin
    }

    /// The seat shown at the bottom.
    pub fn viewer(&self) -> Seat {
        self.view_from.or(self.me).unwrap_or(Seat::South)
    }

    /// The seat whose king is 玉: Sente in standard, the first mover in Yonin.
    pub(crate) fn jewel_seat(&self) -> Seat {
        match self.variant() {
            Variant::Standard => Seat::South,
            Variant::Yonin => self.game.start().to_move(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.game.is_over()
    }

    /// Is it the player's turn to move?
    /// Several people play at this computer (pass and play).
    pub(crate) fn passed_around(&self) -> bool {
        self.here.len() > 1
    }

    pub fn my_turn(&self) -> bool {
        !self.is_over() && self.me == Some(self.game.to_move())
    }

    /// The seat to move, while the game runs.
    pub fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.game.to_move())
    }

    /// The seat's display name: the person ("Bob — a bot stands in" while or after a bot
    /// played for them), the bot, or the seat.
    pub fn name(&self, seat: Seat) -> String {
        if let Some((name, stand_in)) = self.person(seat) {
            return match stand_in {
                Some(_) => trf(Text::StandInName, &[&name]),
                None => name,
            };
        }
        match self.seat_info(seat).map(|s| &s.occupant) {
            Some(Occupant::Bot(level)) => trf(Text::BotName, &[&level_name(*level)]),
            _ => side_name(seat, self.variant()),
        }
    }

    /// The person of this game's seat, and the bot standing in for them (if one plays or
    /// played at the end). While the game runs the server's latest word counts; once it is
    /// over, the seat as it was at the end (a later room update may show it empty or taken).
    pub fn person(&self, seat: Seat) -> Option<(String, Option<BotLevel>)> {
        let live = self.seat_info(seat).and_then(|i| match &i.occupant {
            Occupant::Person(p) => Some((p.name.clone(), i.stand_in)),
            _ => None,
        });
        let kept = self.people[seat].clone();
        if self.is_over() {
            kept.or(live)
        } else {
            live.or(kept)
        }
    }

    /// Remembers who sits where from `seats`, for [`Table::person`]. While the game runs a
    /// person's entry follows the server's; a seat that turns into a bot keeps its person,
    /// with the bot as their stand-in. Once the game is over nothing changes any more (only a
    /// seat never seen before is learnt).
    pub(crate) fn learn_people(&mut self) {
        let over = self.is_over();
        for info in &self.seats {
            let known = &mut self.people[info.seat];
            match &info.occupant {
                Occupant::Person(p) if !over || known.is_none() => {
                    *known = Some((p.name.clone(), info.stand_in));
                }
                Occupant::Bot(level) if !over => {
                    if let Some((_, stand_in)) = known {
                        *stand_in = Some(*level);
                    }
                }
                _ => {}
            }
        }
    }

    /// Replaces the seats with the server's and learns who sits where.
    pub fn set_seats(&mut self, seats: Vec<SeatInfo>) {
        self.seats = seats;
        self.learn_people();
    }

    pub fn seat_info(&self, seat: Seat) -> Option<&SeatInfo> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// The place of an eliminated seat once known (4th, 3rd…): eliminated seats take the last
    /// places in the order they went out.
    pub(crate) fn place_of(&self, seat: Seat) -> Option<usize> {
        if let Some(o) = &self.outcome {
            return o.place_of(seat);
        }
        let pos = self.game.position();
        let dead: Vec<Seat> = pos.dead().collect();
        let i = dead.iter().position(|&s| s == seat)?;
        Some(pos.seats().len() as usize - i)
    }

    /// Recomputes what depends on the position.
    fn refresh(&mut self) {
        let pos = self.game.position();
        self.legal = if self.is_over() {
            Vec::new()
        } else {
            pos.legal_moves().iter().copied().collect()
        };
        // Live seats in check, clockwise from the last mover: the order they answer in.
        let from = self.last_mover.unwrap_or(Seat::East);
        let in_check = pos.seats_in_check();
        self.check_order = (1..=4)
            .map(|i| Seat::from_index(from.index() + i))
            .filter(|s| in_check.contains(*s))
            .collect();
        self.pending_resignations = self.game.queued_resignations().iter().collect();
    }

    /// The record line for a move about to be played in the current position.
    fn note_move(&mut self, seat: Seat, mv: Move) {
        let prev = self.record_prev_square();
        let japanese = notation::display(self.game.position(), mv, prev);
        let usi = if self.four_seats() {
            yonin_core::record::notation::seat_usi(seat, mv)
        } else {
            mv.to_string()
        };
        self.record.push(RecordLine {
            ply: self.game.position().ply(),
            seat,
            japanese,
            usi,
        });
    }

    /// The destination of the previous move (for 同).
    fn record_prev_square(&self) -> Option<Square> {
        self.game.moves().last().map(|m| m.mv.to())
    }

    /// Applies an action the server reports, with the events it sent, and the clocks after it.
    /// Returns the cues to play.
    pub(crate) fn apply(
        &mut self,
        action: &Action,
        events: &[Event],
        clocks: Clocks,
        now: f64,
    ) -> Vec<Cue> {
        if let Action::Move { seat, mv, .. } = *action {
            self.note_move(seat, mv);
        }
        let local = action.apply(&mut self.game);
        self.actions.push(*action);
        if local.is_err() {
            self.desync = true;
            if matches!(action, Action::Move { .. }) {
                self.record.pop();
            }
        }
        self.clocks = clocks;
        self.clocks_at = now;
        let cues = self.take_events(events, now);
        self.refresh();
        cues
    }

    /// Applies an action locally (replays, scenarios, tests).
    pub(crate) fn apply_local(&mut self, action: Action, now: f64) -> Result<Vec<Cue>, String> {
        let mut copy = self.game.clone();
        let events = action.apply(&mut copy).map_err(|e| e.to_string())?;
        let clocks = self.clocks.clone();
        Ok(self.apply(&action, &events, clocks, now))
    }

    /// Turns events into last moves, banners and cues.
    fn take_events(&mut self, events: &[Event], now: f64) -> Vec<Cue> {
        let mut cues = Vec::new();
        let mut checker: Option<Seat> = None;
        let mut mover: Option<Seat> = None;
        for e in events {
            match e {
                Event::Moved {
                    seat,
                    mv,
                    ply,
                    captured,
                    ..
                } => {
                    self.last_moves[*seat] = Some((*mv, *ply));
                    self.last_mover = Some(*seat);
                    mover = Some(*seat);
                    // The seat that had to answer a check did: its banner goes.
                    if self
                        .banner
                        .as_ref()
                        .is_some_and(|b| b.until_moves == Some(*seat))
                    {
                        self.banner = None;
                    }
                    if let Some(kind) = captured {
                        self.last_capture = Some(Capture {
                            by: *seat,
                            kind: *kind,
                            square: mv.to(),
                            ply: *ply,
                        });
                    }
                    cues.push(if captured.is_some() {
                        Cue::Capture
                    } else {
                        Cue::Move
                    });
                }
                Event::Checks { by, .. } => {
                    checker = Some(*by);
                    cues.push(Cue::Check);
                }
                Event::Eliminated(el) => {
                    let how = tr(match el.reason {
                        yonin_core::EliminationReason::Checkmate => Text::ElimCheckmated,
                        yonin_core::EliminationReason::Stalemate => Text::ElimStalemate,
                        yonin_core::EliminationReason::Resignation => Text::ElimResigned,
                        yonin_core::EliminationReason::Time => Text::ElimTime,
                        yonin_core::EliminationReason::Forfeit => Text::ElimForfeit,
                        yonin_core::EliminationReason::PerpetualCheck => Text::ElimPerpetual,
                    });
                    let by = match el.by {
                        Some(b) if el.reason == yonin_core::EliminationReason::Checkmate => {
                            trf(Text::ElimBy, &[&seat_name(b)])
                        }
                        _ => String::new(),
                    };
                    self.banner = Some(Banner {
                        text: trf(
                            Text::Eliminated,
                            &[&el.seat.arrow(), &seat_name(el.seat), &how, &by],
                        ),
                        until: now + 3.0,
                        until_moves: None,
                    });
                }
                Event::ResignationQueued { seat } => {
                    self.banner = Some(Banner {
                        text: trf(Text::ResignsWhenTurn, &[&seat_name(*seat)]),
                        until: now + 3.0,
                        until_moves: None,
                    });
                }
                Event::ImpasseRejected { seat, reason } => {
                    self.banner = Some(Banner {
                        text: trf(
                            Text::DeclarationFailed,
                            &[&side_name(*seat, self.variant()), reason],
                        ),
                        until: now + 4.0,
                        until_moves: None,
                    });
                }
                Event::Turn { seat } => {
                    self.turn_started = now;
                    // A check that moves the turn out of order gets a banner (Yonin).
                    if let (Some(by), Some(m), true) = (checker, mover, self.four_seats()) {
                        let natural = self.game.position().live().next_after(m);
                        if natural != Some(*seat) && *seat != by {
                            self.banner = Some(Banner {
                                text: trf(
                                    Text::MustAnswer,
                                    &[&seat.arrow(), &seat_name(*seat), &seat_name(by)],
                                ),
                                until: now + 3.0,
                                until_moves: Some(*seat),
                            });
                        }
                    }
                    if Some(*seat) == self.me {
                        cues.push(Cue::MyTurn);
                    }
                }
                Event::GameOver(o) => {
                    self.outcome = Some(o.clone());
                    cues.push(Cue::GameOver);
                }
            }
        }
        cues
    }

    /// The server's final word.
    pub fn finish(&mut self, outcome: Outcome, record: String) {
        self.outcome = Some(outcome);
        self.final_record = Some(record);
        self.refresh();
    }

    /// The record as text to copy: Japanese lines (`▲7六歩`), or USI — a `position` line in
    /// standard shogi, the YSFEN start and seat-annotated moves in Yonin.
    pub(crate) fn record_text(&self, usi: bool) -> String {
        if !usi {
            let lines: Vec<String> = self
                .record
                .iter()
                .map(|l| format!("{} {}", l.ply, l.japanese))
                .collect();
            return lines.join("\n");
        }
        yonin_core::record::usi::game_text(&self.game)
    }
}
