//! Room settings: checked, and the start position parsed, when a room is created.

use super::*;

/// Checks room settings and parses the start position.
pub(super) fn validate(
    settings: &mut RoomSettings,
    ctx: &Ctx,
) -> Result<Option<Position>, Refusal> {
    let bad = |m: String| Refusal::new(ErrorCode::BadSettings, m);
    settings.name = yonin_core::text::check_room_name(&settings.name)
        .map_err(|why| bad(format!("the room's name: {why}")))?;
    let in_play = settings.rules.variant.seats();
    for (seat, _) in &settings.bots {
        if !in_play.contains(*seat) {
            return Err(bad(format!("{seat} does not play in this variant")));
        }
    }
    if let Some(seat) = settings.host_seat {
        if !in_play.contains(seat) {
            return Err(bad(format!("{seat} does not play in this variant")));
        }
        if settings.bots.iter().any(|(s, _)| *s == seat) {
            return Err(bad(format!("{seat} cannot hold both the host and a bot")));
        }
    }
    match settings.time_control {
        TimeControl::None => {}
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => {
            if main_ms == 0 && increment_ms == 0 {
                return Err(bad("a Fischer clock needs main time or an increment".into()));
            }
        }
        TimeControl::Byoyomi {
            main_ms,
            byoyomi_ms,
            periods,
        } => {
            if main_ms == 0 && (byoyomi_ms == 0 || periods == 0) {
                return Err(bad("a byoyomi clock needs main time or periods".into()));
            }
        }
    }
    let day = 24 * 3600 * 1000;
    let too_long = match settings.time_control {
        TimeControl::None => false,
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => main_ms > day || increment_ms > day,
        TimeControl::Byoyomi {
            main_ms,
            byoyomi_ms,
            periods,
        } => main_ms > day || byoyomi_ms > day || periods > 100,
    };
    if too_long {
        return Err(bad("that clock is longer than a day".into()));
    }
    if let Some(g) = settings.grace_ms {
        if Duration::from_millis(g) > ctx.config.max_grace {
            return Err(bad(format!(
                "the grace period may be at most {} s",
                ctx.config.max_grace.as_secs()
            )));
        }
    }
    match &settings.start_position {
        None => Ok(None),
        Some(text) => {
            if text.len() > 256 {
                return Err(bad("that start position is too long".into()));
            }
            let pos = parse_start(&settings.rules, text)
                .map_err(|e| bad(format!("bad start position: {e}")))?;
            Ok(Some(pos))
        }
    }
}
