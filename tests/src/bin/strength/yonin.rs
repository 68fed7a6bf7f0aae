//! Four-seat Yonin matches: a hero level in a rotating seat against three of a field (bots or
//! random movers).

use crate::save_record;
use crate::timing::TIMING;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::{atomic::AtomicBool, Arc};
use std::time::Instant;
use yonin_core::bot::{Bot, GameHistory, Level, Limits, SearchOptions};
use yonin_core::record::game_record::Ending;
use yonin_core::BotLevel;
use yonin_core::{attacks, Game, Move, Position, RuleSet, Seat};
use yonin_server::bots::{BotEngine, BotPlayer as RoomBot, CoreBots};
use yonin_testkit::Rng;

/// The server's name for a core level.
fn server_level(level: Level) -> BotLevel {
    match level {
        Level::Beginner => BotLevel::Beginner,
        Level::Easy => BotLevel::Easy,
        Level::Medium => BotLevel::Medium,
        Level::Hard => BotLevel::Hard,
    }
}

/// Plies after which a Yonin game stops unfinished.
const YONIN_MAX_PLIES: usize = 600;

/// A Yonin player: a bot, a random mover, or a seat of the server's computer player for a
/// room (`yonin_server::bots`), which may play several seats of the game with one table.
enum YoninPlayer {
    Bot(Box<Bot>),
    Random(Rng),
    Room(Rc<RefCell<Box<dyn RoomBot>>>, BotLevel),
}

/// `--field room`: the hero is the server's bot with a table of its own, the three others are
/// the server's bots of the same level sharing one — a room of bots as the server runs it — so
/// the hero's score shows what sharing costs (par: 50 % pairwise).
const ROOM_FIELD: &str = "room";

impl YoninPlayer {
    /// A random mover, or a bot of the level `name` searching on `threads` threads.
    fn new(name: &str, seed: u64, threads: usize) -> YoninPlayer {
        if name.eq_ignore_ascii_case("random") {
            YoninPlayer::Random(Rng::new(seed))
        } else {
            let level = Level::from_name(name).expect("level or Random");
            let mut bot = Bot::with_hash(level, seed, 16);
            bot.set_threads(threads);
            YoninPlayer::Bot(Box::new(bot))
        }
    }
    /// The move for the game's position; bots see the game so far (repetitions), as the
    /// server's bots do.
    fn choose_in(&mut self, game: &Game, limits: Limits) -> Option<Move> {
        match self {
            YoninPlayer::Bot(b) => {
                let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
                let options = SearchOptions {
                    history: GameHistory::from_moves(game.start(), &moves),
                    max_depth: None,
                };
                let stop = Arc::new(AtomicBool::new(false));
                b.search(game.position(), limits, &options, stop, &mut |_| {})
                    .best
            }
            YoninPlayer::Random(rng) => {
                let legal = game.position().legal_moves();
                if legal.is_empty() {
                    return None;
                }
                Some(legal.as_slice()[rng.below(legal.len())])
            }
            YoninPlayer::Room(player, level) => {
                let stop = Arc::new(AtomicBool::new(false));
                player.borrow_mut().choose(game, *level, limits.time, stop)
            }
        }
    }
}

/// A random legal move that captures nothing and lands next to no other seat's piece (any
/// legal move when there is none such); `None` without a legal move.
fn quiet_random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let legal = pos.legal_moves();
    let others = pos.occupied() & !pos.pieces_of(pos.to_move());
    let quiet: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| pos.piece_at(m.to()).is_none() && !(attacks::king(m.to()) & others).any())
        .collect();
    let pool = if quiet.is_empty() {
        legal.as_slice()
    } else {
        &quiet
    };
    pool.get(rng.below(pool.len())).copied()
}

/// Four-seat games: the hero in a rotating seat against three of the field. Printed per game
/// and at the end: wins (first place; par 25 %), the mean rank, and the pairwise score — the
/// share of the three opponents the hero finishes above, a shared place counting half
/// ((4 − rank) / 3 per game; par 50 %, the score a 2-player match would show). Each game is
/// saved as KIF in `records` when given. The hero searches on `threads` threads, the field
/// on one; the hero's move times are counted in [`TIMING`].
pub fn yonin_match(
    (hero, threads): (Level, usize),
    field: &str,
    games: usize,
    limits: Limits,
    seed: u64,
    records: Option<&Path>,
) {
    let rules = RuleSet::yonin();
    let started = Instant::now();
    let (mut wins, mut ranks, mut unfinished) = (0, 0.0f64, 0);
    for g in 0..games {
        let hero_seat = Seat::from_index(g);
        let mut players: Vec<YoninPlayer> = if field == ROOM_FIELD {
            // Each room's bots share one player, of the server's default table size.
            let engine = CoreBots::default();
            let level = server_level(hero);
            let shared = Rc::new(RefCell::new(engine.player((g as u64 * 7 + 2) ^ seed, 1)));
            Seat::ALL
                .iter()
                .map(|&s| {
                    let player = if s == hero_seat {
                        Rc::new(RefCell::new(engine.player((g as u64 * 7 + 1) ^ seed, 1)))
                    } else {
                        shared.clone()
                    };
                    YoninPlayer::Room(player, level)
                })
                .collect()
        } else {
            Seat::ALL
                .iter()
                .map(|&s| {
                    if s == hero_seat {
                        YoninPlayer::new(hero.name(), (g as u64 * 7 + 1) ^ seed, threads)
                    } else {
                        YoninPlayer::new(field, (g as u64 * 7 + 2 + s.index() as u64) ^ seed, 1)
                    }
                })
                .collect()
        };
        let mut game = Game::new(rules);
        let mut plies = 0;
        // One random quiet move per seat first, so deterministic (node-limited) bots do not
        // replay the same four games. Quiet: no capture and nothing moved next to another
        // seat's piece, so the opening does not hand a piece to a neighbour (a silver stepping
        // next to the neighbour's silver decided some games before any bot had moved).
        let mut rng = Rng::new((g as u64 + 1) ^ (seed << 20));
        while plies < 4 && !game.is_over() {
            let Some(m) = quiet_random_move(game.position(), &mut rng) else {
                break;
            };
            game.play(game.to_move(), m)
                .expect("random moves are legal");
            plies += 1;
        }
        // The game's own rules end it (eliminations, repetition); the hero's elimination
        // settles its rank, and the ply cap ends the rest.
        while !game.is_over() && plies < YONIN_MAX_PLIES && game.position().is_live(hero_seat) {
            let s = game.to_move();
            let started = Instant::now();
            let Some(m) = players[s.index()].choose_in(&game, limits) else {
                break;
            };
            if s == hero_seat {
                TIMING.record(started.elapsed(), limits.time);
            }
            game.play(s, m).expect("bots play legal moves");
            plies += 1;
        }
        let pos = game.position();
        let rank = if let Some(outcome) = game.outcome() {
            // The hero's place; a shared place counts as the mean of the places it spans.
            let mut before = 0;
            let mut rank = 4.0;
            for group in &outcome.places {
                if group.contains(&hero_seat) {
                    rank = before as f64 + (1.0 + group.len() as f64) / 2.0;
                    break;
                }
                before += group.len();
            }
            if rank == 1.0 {
                wins += 1;
            } else if outcome.places.first().is_some_and(|p| p.len() > 1) {
                unfinished += 1;
            }
            rank
        } else if pos.is_live(hero_seat) {
            unfinished += 1;
            // The live seats share the places left: the mean of them.
            (1.0 + pos.live().len() as f64) / 2.0
        } else {
            // Out before the end: 4 − (seats out before the hero).
            4.0 - pos.dead().take_while(|&s| s != hero_seat).count() as f64
        };
        ranks += rank;
        if let Some(dir) = records {
            let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
            // A game stopped early (the hero out, or the ply cap) is saved as interrupted.
            let ending = game.outcome().map_or(Ending::Abort, |o| {
                Ending::from_outcome(o, yonin_core::Variant::Yonin)
            });
            let players: Vec<(Seat, String)> = Seat::ALL
                .iter()
                .map(|&s| {
                    (
                        s,
                        if s == hero_seat { hero.name() } else { field }.to_string(),
                    )
                })
                .collect();
            let name = format!("yonin-s{seed}-{:03}.kif", g + 1);
            save_record(dir, &name, &rules, &moves, ending, &players);
        }
        // Who went out, and who mated them: `W<N` is West out, mated by North.
        let outs: Vec<String> = pos
            .eliminations()
            .map(|e| {
                let by = e.by.map_or("-".to_string(), |b| b.name()[..1].to_string());
                format!("{}<{by}", &e.seat.name()[..1])
            })
            .collect();
        println!(
            "game {:>3}: {hero} as {hero_seat} vs 3× {field}: rank {rank} after {plies} plies \
             (out: {}) | \
             wins {wins}/{} ({:.1} %), mean rank {:.2}, pairwise {:.1} %, unfinished \
             {unfinished} | {:.0} s",
            g + 1,
            outs.join(" "),
            g + 1,
            wins as f64 / (g + 1) as f64 * 100.0,
            ranks / (g + 1) as f64,
            pairwise(ranks, g + 1),
            started.elapsed().as_secs_f64()
        );
    }
    println!("{}", TIMING.line("bot"));
    let on = match threads {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    };
    println!(
        "RESULT yonin {hero} on {on} vs 3× {field}: wins {wins}/{games} ({:.1} %), mean rank {:.2}, \
         pairwise {:.1} %, unfinished {unfinished}",
        wins as f64 / games.max(1) as f64 * 100.0,
        ranks / games.max(1) as f64,
        pairwise(ranks, games)
    );
}

/// The pairwise score in percent from the sum of ranks over `games` games.
fn pairwise(rank_sum: f64, games: usize) -> f64 {
    let g = games.max(1) as f64;
    (4.0 * g - rank_sum) / (3.0 * g) * 100.0
}
