//! USI `position` lines: `position startpos moves …` / `position sfen … moves …`.

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::RuleSet;
use serde::{Deserialize, Serialize};

/// Why a `position` line could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum UsiPositionError {
    #[error("a position line starts with `startpos` or `sfen`")]
    BadStart,
    #[error("bad position: {0}")]
    Position(#[from] super::ParseError),
    #[error("move {index} `{text}` is not a USI move")]
    BadMove { index: usize, text: String },
    #[error("move {index} `{text}` is illegal: {reason}")]
    IllegalMove {
        index: usize,
        text: String,
        reason: crate::IllegalMove,
    },
}

/// Parses the part after `position ` (or a whole line starting with `position`), and plays it.
/// Returns the start position, the moves, and the final position.
pub fn parse_position_line(
    line: &str,
    rules: &RuleSet,
) -> Result<(Position, Vec<Move>, Position), UsiPositionError> {
    let line = line.trim();
    let line = line
        .strip_prefix("position")
        .map(str::trim_start)
        .unwrap_or(line);
    let (pos_text, moves_text) = match line.find(" moves") {
        Some(i) => (&line[..i], line[i + 6..].trim()),
        None => (line, ""),
    };
    let start = if pos_text.trim() == "startpos" {
        // USI's startpos is the even start, whatever handicap the rule set names.
        let even = RuleSet {
            handicap: crate::rules::Handicap::Even,
            ..*rules
        };
        Position::start(&even)
    } else if let Some(s) = pos_text.strip_prefix("sfen ") {
        super::sfen::position(s.trim(), rules)?
    } else {
        return Err(UsiPositionError::BadStart);
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (index, text) in moves_text.split_ascii_whitespace().enumerate() {
        let m = Move::from_usi(text).map_err(|_| UsiPositionError::BadMove {
            index: index + 1,
            text: text.into(),
        })?;
        pos.play(m)
            .map_err(|reason| UsiPositionError::IllegalMove {
                index: index + 1,
                text: text.into(),
                reason,
            })?;
        moves.push(m);
    }
    Ok((start, moves, pos))
}

/// A game as plain text, what `GameOver.record` carries and a player copies: a `position`
/// line (standard), or the YSFEN start and one seat-annotated USI move per line (Yonin:
/// `s 5g5f`).
pub fn game_text(game: &Game) -> String {
    let played = game.moves();
    if game.rules().variant == crate::rules::Variant::Standard {
        let moves: Vec<Move> = played.iter().map(|p| p.mv).collect();
        return position_line(game.start(), &moves);
    }
    let mut s = super::position_text(game.start());
    for p in played {
        s.push('\n');
        s.push_str(&super::notation::seat_usi(p.seat, p.mv));
    }
    s
}

/// Writes a `position` line (`startpos` when the start is the even start position).
pub fn position_line(start: &Position, moves: &[Move]) -> String {
    let sfen = super::sfen::format(start);
    let mut s = if sfen == super::sfen::START {
        "position startpos".to_string()
    } else {
        format!("position sfen {sfen}")
    };
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rules::RuleSet;

    fn play(game: &mut Game, moves: &[&str]) {
        for m in moves {
            let seat = game.to_move();
            game.play(seat, Move::from_usi(m).unwrap()).unwrap();
        }
    }

    #[test]
    fn a_standard_game_is_one_position_line() {
        let mut game = Game::new(RuleSet::standard());
        assert_eq!(game_text(&game), "position startpos");
        play(&mut game, &["7g7f", "3c3d"]);
        assert_eq!(game_text(&game), "position startpos moves 7g7f 3c3d");
    }

    #[test]
    fn a_yonin_game_is_its_start_and_one_seat_move_a_line() {
        let mut game = Game::new(RuleSet::yonin());
        let start = crate::record::ysfen::format(game.start());
        assert_eq!(game_text(&game), start);
        let first = game.to_move();
        let mv = *game.position().legal_moves().iter().next().unwrap();
        game.play(first, mv).unwrap();
        assert_eq!(
            game_text(&game),
            format!("{start}\n{} {mv}", first.letter())
        );
    }
}
