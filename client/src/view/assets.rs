//! The embedded font and sounds (see `client/assets/README.md` for where they come from).

use crate::state::table::Cue;
use macroquad::audio::{load_sound_from_bytes, play_sound, PlaySoundParams, Sound};
use macroquad::text::{load_ttf_font_from_bytes, Font};
use std::sync::atomic::{AtomicBool, Ordering};

/// Noto Serif CJK JP Bold, subset (SIL OFL 1.1, `client/assets/OFL.txt`).
pub const FONT: &[u8] = include_bytes!("../../assets/NotoSerifCJKjp-Bold-subset.otf");

pub(crate) const SOUND_MOVE: &[u8] = include_bytes!("../../assets/sounds/move.wav");
pub(crate) const SOUND_CAPTURE: &[u8] = include_bytes!("../../assets/sounds/capture.wav");
pub(crate) const SOUND_CHECK: &[u8] = include_bytes!("../../assets/sounds/check.wav");
pub(crate) const SOUND_MY_TURN: &[u8] = include_bytes!("../../assets/sounds/my-turn.wav");
pub(crate) const SOUND_TICK: &[u8] = include_bytes!("../../assets/sounds/low-time-tick.wav");
pub(crate) const SOUND_ILLEGAL: &[u8] = include_bytes!("../../assets/sounds/illegal.wav");

/// Set when the audio thread found no sound device (it panics; see `install_panic_filter`).
static NO_AUDIO_DEVICE: AtomicBool = AtomicBool::new(false);

/// Did the audio thread find no sound device? (Sounds cannot play, whatever the setting says.)
pub(crate) fn no_sound_device() -> bool {
    NO_AUDIO_DEVICE.load(Ordering::SeqCst)
}

/// Loads the font. The bytes are built in, so this only fails if the file is broken.
pub(crate) fn load_font() -> Font {
    // The font is committed with the code and checked by the screenshot tests.
    load_ttf_font_from_bytes(FONT).expect("the embedded font loads")
}

/// macroquad's audio thread panics when the machine has no sound device (CI, servers). That
/// is not an error for a game: the panic is reported as one line, and sounds stay off.
pub(crate) fn install_panic_filter() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let audio = text.contains("PCM") || text.contains("snd_pcm");
        if audio {
            if !NO_AUDIO_DEVICE.swap(true, Ordering::SeqCst) {
                eprintln!("yonin: no sound device; sounds are off");
            }
            return;
        }
        default(info);
    }));
}

/// The game's sound effects.
pub struct Sounds {
    sounds: Option<[Sound; 6]>,
    pub enabled: bool,
    pub volume: f32,
}

impl Sounds {
    /// No sounds (screenshots, machines without audio).
    pub fn none() -> Sounds {
        Sounds {
            sounds: None,
            enabled: false,
            volume: 0.0,
        }
    }

    /// Loads the sounds; call it a few frames after the window opened, when the audio
    /// thread has found its device (or found there is none).
    pub async fn load() -> Sounds {
        if NO_AUDIO_DEVICE.load(Ordering::SeqCst) {
            return Sounds::none();
        }
        let mut v = Vec::new();
        for bytes in [
            SOUND_MOVE,
            SOUND_CAPTURE,
            SOUND_CHECK,
            SOUND_MY_TURN,
            SOUND_TICK,
            SOUND_ILLEGAL,
        ] {
            match load_sound_from_bytes(bytes).await {
                Ok(s) => v.push(s),
                Err(_) => return Sounds::none(),
            }
        }
        let sounds: Option<[Sound; 6]> = v.try_into().ok();
        Sounds {
            sounds,
            enabled: true,
            volume: 0.7,
        }
    }

    pub fn play(&self, cue: &Cue) {
        let i = match cue {
            Cue::Move => 0,
            Cue::Capture => 1,
            Cue::Check => 2,
            Cue::MyTurn => 3,
            Cue::Illegal => 5,
            Cue::GameOver => 3,
        };
        self.play_index(i);
    }

    /// The tick of the last seconds.
    pub fn tick(&self) {
        self.play_index(4);
    }

    fn play_index(&self, i: usize) {
        if !self.enabled || NO_AUDIO_DEVICE.load(Ordering::SeqCst) {
            return;
        }
        if let Some(s) = &self.sounds {
            play_sound(
                &s[i],
                PlaySoundParams {
                    looped: false,
                    volume: self.volume,
                },
            );
        }
    }
}
