//! New game: standard or Yonin, my seat, a computer level for every other seat (or a person:
//! one at this computer offline, pass and play; one who joins, online), handicap, time
//! control and every house rule.

use super::{Ctx, Screen, Transition};
use crate::cycle::step;
use crate::i18n::words::handicap_name;
use crate::i18n::{level_name, seat_name, tr, trf, Text};
use crate::state::settings::{LastSetup, Mode, Settings};
use crate::state::table::{time_control_name, TIME_CONTROLS};
use crate::view::theme;
use crate::view::ui::TextField;
use macroquad::prelude::*;
use yonin_core::protocol::{ClientMessage, RoomSettings};
use yonin_core::text::MAX_ROOM_NAME_CHARS;
use yonin_core::BotLevel;
use yonin_core::{BySeat, RuleSet, Seat, Variant};
use yonin_core::{
    DeadKingPawnDrop, FirstSeat, Handicap, ImpasseRule, MateTiming, MatedArmy, MatedHand,
    PawnPromotion,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// Against the computer, on this machine.
    Offline,
    /// Creates a room on the connected server.
    Online,
}

/// The move limits offered.
const MOVE_LIMITS: [Option<u32>; 4] = [None, Some(200), Some(256), Some(400)];

pub(crate) struct SetupScreen {
    purpose: Purpose,
    rules: RuleSet,
    my_seat: Seat,
    /// For every other seat: a computer at this level, or None for a person (offline: one
    /// at this computer; online: a seat left open).
    others: BySeat<Option<BotLevel>>,
    time: usize,
    room_name: TextField,
    private: bool,
}

impl SetupScreen {
    fn new(purpose: Purpose, settings: &Settings) -> SetupScreen {
        let level = match purpose {
            Purpose::Offline => Some(BotLevel::Easy),
            Purpose::Online => None,
        };
        SetupScreen {
            purpose,
            rules: RuleSet::standard(),
            my_seat: Seat::South,
            others: BySeat([level; 4]),
            time: 0,
            room_name: TextField::new(
                trf(Text::RoomNameDefault, &[&settings.name]),
                MAX_ROOM_NAME_CHARS,
            ),
            private: false,
        }
        .with_last(match purpose {
            Purpose::Offline => settings.last_offline.as_ref(),
            Purpose::Online => settings.last_online.as_ref(),
        })
    }

    /// Starts from the player's last setup, where it still makes sense.
    fn with_last(mut self, last: Option<&LastSetup>) -> SetupScreen {
        let Some(last) = last else {
            return self;
        };
        self.rules = last.rules;
        let seats = self.rules.variant.seats();
        self.my_seat = if seats.contains(last.my_seat) {
            last.my_seat
        } else {
            Seat::South
        };
        self.others.0 = last.others;
        self.time = last.time.min(TIME_CONTROLS.len() - 1);
        self
    }

    /// What to offer next time.
    fn remembered(&self) -> LastSetup {
        LastSetup {
            rules: self.rules,
            my_seat: self.my_seat,
            others: self.others.0,
            time: self.time,
        }
    }

    pub(crate) fn offline(settings: &Settings) -> SetupScreen {
        SetupScreen::new(Purpose::Offline, settings)
    }

    pub(crate) fn online(settings: &Settings) -> SetupScreen {
        SetupScreen::new(Purpose::Online, settings)
    }

    /// Starts from these rules (the seat goes back to South).
    pub(crate) fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
        self.my_seat = Seat::South;
    }

    fn seats(&self) -> Vec<Seat> {
        self.rules.variant.seats().iter().collect()
    }

    /// The room this setup describes.
    pub(crate) fn room_settings(&self, name: &str) -> RoomSettings {
        let mut s = RoomSettings::new(name, self.rules);
        s.time_control = TIME_CONTROLS[self.time].1;
        s.bots = self
            .seats()
            .into_iter()
            .filter(|&seat| seat != self.my_seat)
            .filter_map(|seat| self.others[seat].map(|l| (seat, l)))
            .collect();
        s.host_seat = Some(self.my_seat);
        s.private = self.private;
        s
    }

    fn seat_label(&self, seat: Seat) -> String {
        match self.rules.variant {
            Variant::Standard => match seat {
                Seat::South => tr(Text::SenteFirst).into(),
                _ => tr(Text::Gote).into(),
            },
            Variant::Yonin => format!("{} {}", seat.arrow(), seat_name(seat)),
        }
    }
}

impl Screen for SetupScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        ui.title(match self.purpose {
            Purpose::Offline => tr(Text::MenuComputer),
            Purpose::Online => tr(Text::CreateGame),
        });
        let rh = (u * 1.9).min(h / 17.0);
        let gap = rh * 0.3;
        let col_w = ((w - u * 5.0) / 2.0).min(560.0);
        let left_x = (w - 2.0 * col_w - u * 2.0) / 2.0;
        let right_x = left_x + col_w + u * 2.0;
        let top = u * 6.0;
        let row = |x: f32, i: usize| Rect::new(x, top + i as f32 * (rh + gap), col_w, rh);
        let mut li = 0;
        let mut next_left = || {
            li += 1;
            row(left_x, li - 1)
        };

        // --- left: the game and the players ---
        let variant_name = match self.rules.variant {
            Variant::Standard => tr(Text::ShogiTwo),
            Variant::Yonin => tr(Text::YoninFour),
        };
        if ui.stepper(next_left(), tr(Text::GameLabel), variant_name) != 0 {
            self.rules = match self.rules.variant {
                Variant::Standard => RuleSet::yonin(),
                Variant::Yonin => RuleSet::standard(),
            };
            self.my_seat = Seat::South;
        }
        let seats = self.seats();
        let d = ui.stepper(
            next_left(),
            tr(Text::YourSeat),
            &self.seat_label(self.my_seat),
        );
        if d != 0 {
            self.my_seat = step(&seats, self.my_seat, d);
        }
        for seat in seats.iter().copied().filter(|&s| s != self.my_seat) {
            let value = match (self.others[seat], self.purpose) {
                (Some(l), _) => trf(Text::ComputerLevel, &[&level_name(l)]),
                (None, Purpose::Offline) => tr(Text::PersonHere).into(),
                (None, Purpose::Online) => tr(Text::OpenForPerson).into(),
            };
            let label = self.seat_label(seat);
            let d = ui.stepper(next_left(), &label, &value);
            if d != 0 {
                // A person first: "open for a person" online, "a person here" offline.
                let options: Vec<Option<BotLevel>> = std::iter::once(None)
                    .chain(BotLevel::ALL.iter().map(|l| Some(*l)))
                    .collect();
                self.others[seat] = step(&options, self.others[seat], d);
            }
        }
        let d = ui.stepper(
            next_left(),
            tr(Text::TimeLabel),
            crate::state::table::time_control_label(self.time),
        );
        if d != 0 {
            self.time = (self.time as i32 + d).rem_euclid(TIME_CONTROLS.len() as i32) as usize;
        }
        if self.purpose == Purpose::Online {
            self.room_name.show(&ui, next_left(), tr(Text::RoomName));
            let d = ui.stepper(
                next_left(),
                tr(Text::WhoMayJoin),
                if self.private {
                    tr(Text::OnlyWithCode)
                } else {
                    tr(Text::Anyone)
                },
            );
            if d != 0 {
                self.private = !self.private;
            }
        }

        // --- right: the rules ---
        let mut ri = 0;
        let mut next_right = || {
            ri += 1;
            row(right_x, ri - 1)
        };
        let r = &mut self.rules;
        match r.variant {
            Variant::Standard => {
                let d = ui.stepper(next_right(), tr(Text::Handicap), handicap_name(r.handicap));
                if d != 0 {
                    r.handicap = step(&Handicap::ALL, r.handicap, d);
                }
                if r.handicap == Handicap::Even {
                    let furigoma = r.first_seat == FirstSeat::Random;
                    let name = tr(if furigoma {
                        Text::FurigomaOption
                    } else {
                        Text::FirstBySeat
                    });
                    if ui.stepper(next_right(), tr(Text::FirstToMove), name) != 0 {
                        r.first_seat = if furigoma {
                            FirstSeat::Fixed(Seat::South)
                        } else {
                            FirstSeat::Random
                        };
                    }
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::Impasse),
                    match r.impasse {
                        ImpasseRule::Points27 => tr(Text::Points27),
                        ImpasseRule::Points24 => tr(Text::Points24),
                    },
                );
                if d != 0 {
                    r.impasse = step(
                        &[ImpasseRule::Points27, ImpasseRule::Points24],
                        r.impasse,
                        d,
                    );
                }
            }
            Variant::Yonin => {
                let firsts = [
                    FirstSeat::Fixed(Seat::South),
                    FirstSeat::Fixed(Seat::West),
                    FirstSeat::Fixed(Seat::North),
                    FirstSeat::Fixed(Seat::East),
                    FirstSeat::Random,
                ];
                let name = match r.first_seat {
                    FirstSeat::Fixed(s) => format!("{} {}", s.arrow(), seat_name(s)),
                    FirstSeat::Random => tr(Text::DrawnAtRandom).into(),
                };
                let d = ui.stepper(next_right(), tr(Text::FirstToMove), &name);
                if d != 0 {
                    r.first_seat = step(&firsts, r.first_seat, d);
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::MatedArmy),
                    match r.mated_army {
                        MatedArmy::Frozen => tr(Text::ArmyFrozen),
                        MatedArmy::PassesToMater => tr(Text::ArmyPasses),
                    },
                );
                if d != 0 {
                    r.mated_army = step(
                        &[MatedArmy::Frozen, MatedArmy::PassesToMater],
                        r.mated_army,
                        d,
                    );
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::MatedHand),
                    match r.mated_hand {
                        MatedHand::Sealed => tr(Text::HandSealed),
                        MatedHand::ToMater => tr(Text::HandToMater),
                    },
                );
                if d != 0 {
                    r.mated_hand = step(&[MatedHand::Sealed, MatedHand::ToMater], r.mated_hand, d);
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::DeadKingDrop),
                    match r.dead_king_pawn_drop {
                        DeadKingPawnDrop::Forbidden => tr(Text::Forbidden),
                        DeadKingPawnDrop::Allowed => tr(Text::Allowed),
                    },
                );
                if d != 0 {
                    r.dead_king_pawn_drop = step(
                        &[DeadKingPawnDrop::Forbidden, DeadKingPawnDrop::Allowed],
                        r.dead_king_pawn_drop,
                        d,
                    );
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::MateJudged),
                    match r.mate_timing {
                        MateTiming::OnTurn => tr(Text::WhenTurnComes),
                        MateTiming::Immediately => tr(Text::Immediately),
                    },
                );
                if d != 0 {
                    r.mate_timing = step(
                        &[MateTiming::OnTurn, MateTiming::Immediately],
                        r.mate_timing,
                        d,
                    );
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::PawnsPromote),
                    match r.pawn_promotion {
                        PawnPromotion::LastLine => tr(Text::LastLine),
                        PawnPromotion::LastTwoLines => tr(Text::LastTwoLines),
                    },
                );
                if d != 0 {
                    r.pawn_promotion = step(
                        &[PawnPromotion::LastLine, PawnPromotion::LastTwoLines],
                        r.pawn_promotion,
                        d,
                    );
                }
                let d = ui.stepper(
                    next_right(),
                    tr(Text::Teams),
                    if r.teams {
                        tr(Text::TeamsPairs)
                    } else {
                        tr(Text::EverySeat)
                    },
                );
                if d != 0 {
                    r.teams = !r.teams;
                }
            }
        }
        let limit = match r.move_limit {
            None => tr(Text::NoneLimit).to_string(),
            Some(n) => trf(Text::NMoves, &[&n]),
        };
        let d = ui.stepper(next_right(), tr(Text::MoveLimit), &limit);
        if d != 0 {
            r.move_limit = step(&MOVE_LIMITS, r.move_limit, d);
        }

        // --- buttons ---
        let bh = (u * 2.6).min(h * 0.08);
        let by = h - bh - u * 1.2;
        let bw = (col_w * 0.6).max(160.0);
        let start_r = Rect::new(right_x + col_w - bw, by, bw, bh);
        let rules_r = Rect::new(left_x, by, bw, bh);
        let summary = format!(
            "{} · {}",
            time_control_name(TIME_CONTROLS[self.time].1),
            if self.rules.house_rules().is_empty() {
                tr(Text::StandardRules).to_string()
            } else {
                trf(Text::HouseRules, &[&self.rules.house_rules().len()])
            }
        );
        ui.text_centered(
            &summary,
            vec2(w / 2.0, by - u * 1.0),
            u * 0.9,
            theme::palette().text_dim,
        );
        if ui.button(rules_r, tr(Text::RulesOfGame)) {
            return Transition::Push(Box::new(super::rules::RulesScreen::for_game(
                self.rules,
                TIME_CONTROLS[self.time].1,
            )));
        }
        let label = match self.purpose {
            Purpose::Offline => tr(Text::Start),
            Purpose::Online => tr(Text::CreateRoom),
        };
        if ui.button_styled(start_r, label, true, Some(theme::ACCENT))
            || ctx.input.enter && !self.room_name.focused
        {
            return self.start(ctx);
        }
        Transition::Stay
    }
}

impl SetupScreen {
    fn start(&mut self, ctx: &mut Ctx) -> Transition {
        match self.purpose {
            Purpose::Offline => {
                ctx.settings.last_mode = Mode::Computer;
                ctx.settings.last_offline = Some(self.remembered());
                let _ = ctx.settings.save();
                let settings = self.room_settings(tr(Text::OfflineGame));
                ctx.session = Some(crate::state::session::Session::start(
                    crate::state::session::Start::Offline(settings),
                    &ctx.settings.name,
                    crate::state::session::Storage::user(),
                ));
                Transition::Replace(Box::new(super::game::GameScreen::new()))
            }
            Purpose::Online => {
                let name = self.room_name.text.trim().to_string();
                let name = if name.is_empty() {
                    tr(Text::GameLabel).to_string()
                } else {
                    name
                };
                let settings = self.room_settings(&name);
                ctx.settings.last_online = Some(self.remembered());
                let _ = ctx.settings.save();
                if let Some(s) = &ctx.session {
                    s.send(ClientMessage::CreateRoom { settings });
                }
                Transition::Pop
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offline_setup_fills_every_other_seat_with_a_bot() {
        let mut s = SetupScreen::offline(&Settings::default());
        s.rules = RuleSet::yonin();
        s.my_seat = Seat::West;
        let rs = s.room_settings("x");
        assert_eq!(rs.host_seat, Some(Seat::West));
        let seats: Vec<Seat> = rs.bots.iter().map(|b| b.0).collect();
        assert_eq!(seats, vec![Seat::South, Seat::North, Seat::East]);
        s.rules = RuleSet::standard();
        s.my_seat = Seat::North;
        assert_eq!(s.room_settings("x").bots.len(), 1);
    }

    #[test]
    fn the_last_setup_is_offered_again_after_a_restart() {
        let mut settings = Settings::default();
        let mut s = SetupScreen::offline(&settings);
        s.rules = RuleSet::yonin();
        s.my_seat = Seat::West;
        s.others = BySeat([Some(BotLevel::Hard); 4]);
        s.time = 2;
        settings.last_offline = Some(s.remembered());
        // Through the file, as the next start of the program reads it.
        let json = serde_json::to_string(&settings).unwrap();
        let back = Settings::from_json(&json).unwrap();
        let again = SetupScreen::offline(&back);
        assert_eq!(again.rules, RuleSet::yonin());
        assert_eq!(again.my_seat, Seat::West);
        assert_eq!(again.others.0, [Some(BotLevel::Hard); 4]);
        assert_eq!(again.time, 2);
        // Online setups are kept apart.
        assert_eq!(SetupScreen::online(&back).rules, RuleSet::standard());
    }

    #[test]
    fn a_damaged_last_setup_loses_only_itself() {
        let json = r#"{"name":"Ann","last_offline":{"rules":"nonsense","time":99}}"#;
        let s = Settings::from_json(json).unwrap();
        assert_eq!(s.name, "Ann");
        assert_eq!(s.last_offline, None);
        // An impossible seat or clock falls back to a sensible one.
        let settings = Settings {
            last_offline: Some(LastSetup {
                rules: RuleSet::standard(),
                my_seat: Seat::East,
                others: [None; 4],
                time: 99,
            }),
            ..Settings::default()
        };
        let s = SetupScreen::offline(&settings);
        assert_eq!(s.my_seat, Seat::South);
        assert_eq!(s.time, TIME_CONTROLS.len() - 1);
    }

    #[test]
    fn people_at_this_computer_get_no_bot() {
        let mut s = SetupScreen::offline(&Settings::default());
        s.rules = RuleSet::yonin();
        s.my_seat = Seat::South;
        s.others = BySeat([None, Some(BotLevel::Hard), None, Some(BotLevel::Easy)]);
        let rs = s.room_settings("x");
        assert_eq!(rs.host_seat, Some(Seat::South));
        assert_eq!(
            rs.bots,
            vec![(Seat::West, BotLevel::Hard), (Seat::East, BotLevel::Easy)]
        );
        assert_eq!(
            crate::state::together::people_here(&rs),
            vec![Seat::North],
            "North is a second person here"
        );
    }
}
