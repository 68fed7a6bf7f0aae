//! Immediate-mode widgets drawn with the embedded font: text, buttons, choices, text fields,
//! and the helpers that fit text to a width (`fit`, `fit_text`, `wrap`).

use crate::view::theme;
use macroquad::prelude::*;

pub(crate) use crate::input::Input;

thread_local! {
    /// Every (font, character, pixel size) drawn or measured so far: the glyphs in the
    /// font's atlas.
    static SEEN_GLYPHS: std::cell::RefCell<std::collections::HashSet<(usize, char, u16)>> =
        std::cell::RefCell::default();
}

/// Drawing helpers bound to the font and the frame's input.
pub struct Ui<'a> {
    pub font: &'a Font,
    pub input: &'a Input,
    /// The size of ordinary text in pixels for this window.
    pub unit: f32,
}

/// The smallest text a hint, a button's label or a fitted line is drawn at (px): below
/// this, text is cut with an ellipsis or moved to a line of its own instead of shrunk.
pub(crate) const MIN_READABLE_PX: f32 = 12.0;

/// A font size in whole pixels (glyphs are rasterised once per size).
pub(crate) fn font_px(px: f32) -> u16 {
    px.round().clamp(6.0, 240.0) as u16
}

impl<'a> Ui<'a> {
    pub fn new(font: &'a Font, input: &'a Input) -> Ui<'a> {
        Ui {
            font,
            input,
            unit: text_unit(screen_width(), screen_height()),
        }
    }

    pub(crate) fn measure(&self, s: &str, size: f32) -> TextDimensions {
        self.note_glyphs(s, size);
        measure_text(s, Some(self.font), font_px(size), 1.0)
    }

    /// A frame that puts new glyphs in the font's atlas may grow it, and the text drawn
    /// before the growth in that frame shows as boxes: such a frame is drawn again at once
    /// (the window otherwise sleeps until something changes).
    fn note_glyphs(&self, s: &str, size: f32) {
        let font = self.font as *const Font as usize;
        let px = font_px(size);
        let new = SEEN_GLYPHS.with(|seen| {
            let mut seen = seen.borrow_mut();
            let mut new = false;
            for c in s.chars() {
                new |= seen.insert((font, c, px));
            }
            new
        });
        if new {
            crate::redraw::soon();
        }
    }

    /// Text with its baseline at `y`.
    pub fn text(&self, s: &str, x: f32, y: f32, size: f32, color: Color) -> f32 {
        self.note_glyphs(s, size);
        let d = draw_text_ex(
            s,
            x,
            y,
            TextParams {
                font: Some(self.font),
                font_size: font_px(size),
                color,
                ..Default::default()
            },
        );
        d.width
    }

    /// Text whose line box (ascent of a capital to descent) is vertically centred on `cy`,
    /// starting at `x`.
    pub(crate) fn text_mid(&self, s: &str, x: f32, cy: f32, size: f32, color: Color) -> f32 {
        self.text(s, x, cy + size * 0.36, size, color)
    }

    /// A side panel: the rounded box and its dim title, `head` high, `pad` in from the corner.
    pub(crate) fn titled_panel(&self, r: Rect, title: &str, pad: f32, head: f32) {
        rounded_rect(r, 8.0, theme::palette().panel);
        self.text_mid(
            title,
            r.x + pad,
            r.y + pad + head * 0.5,
            head,
            theme::palette().text_dim,
        );
    }

    /// The blinking text cursor at `x` in a text field.
    pub(crate) fn caret(&self, x: f32, field: Rect) {
        crate::redraw::caret_blink(self.input.time);
        if (self.input.time * 2.0).fract() < 0.5 {
            draw_line(
                x,
                field.y + field.h * 0.22,
                x,
                field.y + field.h * 0.78,
                2.0,
                theme::palette().text,
            );
        }
    }

    /// Text centred on `c` (by its own ink box).
    pub(crate) fn text_centered(&self, s: &str, c: Vec2, size: f32, color: Color) {
        let d = self.measure(s, size);
        self.text(s, c.x - d.width / 2.0, c.y + size * 0.36, size, color);
    }

    /// Text rotated by `angle` (radians, clockwise on screen) about its centre `c`.
    pub(crate) fn text_rotated(&self, s: &str, c: Vec2, size: f32, angle: f32, color: Color) {
        let d = self.measure(s, size);
        let (sin, cos) = angle.sin_cos();
        // The ink box's centre relative to the drawing origin, rotated with the text.
        let v = vec2(d.width / 2.0, d.height / 2.0 - d.offset_y);
        let rv = vec2(v.x * cos - v.y * sin, v.x * sin + v.y * cos);
        self.note_glyphs(s, size);
        draw_text_ex(
            s,
            c.x - rv.x,
            c.y - rv.y,
            TextParams {
                font: Some(self.font),
                font_size: font_px(size),
                rotation: angle,
                color,
                ..Default::default()
            },
        );
    }

    /// Wraps `s` to `width` and draws it from `y` (first baseline); returns the y after it.
    pub(crate) fn paragraph(
        &self,
        s: &str,
        x: f32,
        y: f32,
        width: f32,
        size: f32,
        color: Color,
    ) -> f32 {
        let mut y = y;
        for line in wrap(s, width, |t| self.measure(t, size).width) {
            self.text(&line, x, y, size, color);
            y += size * 1.35;
        }
        y
    }

    pub(crate) fn hovered(&self, r: Rect) -> bool {
        r.contains(self.input.mouse)
    }

    pub(crate) fn clicked(&self, r: Rect) -> bool {
        self.input.pressed && r.contains(self.input.mouse)
    }

    /// A big friendly button; returns true when clicked.
    pub fn button(&self, r: Rect, label: &str) -> bool {
        self.button_styled(r, label, true, None)
    }

    /// A button that may be disabled and may carry an accent colour.
    pub(crate) fn button_styled(
        &self,
        r: Rect,
        label: &str,
        enabled: bool,
        accent: Option<Color>,
    ) -> bool {
        let hot = enabled && self.hovered(r);
        let base = accent.unwrap_or(theme::palette().panel_light);
        let fill = if !enabled {
            theme::mix(theme::palette().panel, theme::palette().background, 0.3)
        } else if hot {
            theme::mix(base, WHITE, 0.18)
        } else {
            base
        };
        rounded_rect(r, r.h.min(r.w) * 0.18, fill);
        if hot {
            rounded_outline(r, r.h.min(r.w) * 0.18, 2.0, theme::ACCENT);
        }
        // Small buttons (a panel's "copy") keep a readable label.
        let size = (r.h * 0.42)
            .max(MIN_READABLE_PX.min(r.h * 0.7))
            .min(self.unit * 1.6);
        let color = if enabled {
            match accent {
                // Dark text on a light accent, white on a dark one ("Really resign?" on red).
                Some(a) if 0.2126 * a.r + 0.7152 * a.g + 0.0722 * a.b < 0.45 => WHITE,
                Some(_) => theme::palette().background,
                None => theme::palette().text,
            }
        } else {
            theme::palette().text_dim
        };
        let mut size = size;
        while size > 8.0 && self.measure(label, size).width > r.w - 12.0 {
            size -= 1.0;
        }
        self.text_centered(label, r.center(), size, color);
        enabled && self.clicked(r)
    }

    /// A labelled value with ‹ › arrows; returns -1 or +1 when one is clicked (the whole
    /// value area also steps forward).
    pub(crate) fn stepper(&self, r: Rect, label: &str, value: &str) -> i32 {
        let size = (r.h * 0.42).min(self.unit * 1.2);
        let label_w = r.w * 0.42;
        self.text_mid(label, r.x, r.y + r.h / 2.0, size, theme::palette().text_dim);
        let v = Rect::new(r.x + label_w, r.y, r.w - label_w, r.h);
        let hot = self.hovered(v);
        rounded_rect(
            v,
            r.h * 0.2,
            if hot {
                theme::palette().panel_light
            } else {
                theme::palette().panel
            },
        );
        let arrow_w = r.h;
        let left = Rect::new(v.x, v.y, arrow_w, v.h);
        let right = Rect::new(v.x + v.w - arrow_w, v.y, arrow_w, v.h);
        self.text_centered("‹", left.center(), size * 1.3, theme::ACCENT);
        self.text_centered("›", right.center(), size * 1.3, theme::ACCENT);
        let mut vs = size;
        while vs > 8.0 && self.measure(value, vs).width > v.w - 2.0 * arrow_w {
            vs -= 1.0;
        }
        self.text_centered(value, v.center(), vs, theme::palette().text);
        if self.clicked(left) {
            -1
        } else if self.clicked(v) {
            1
        } else {
            0
        }
    }

    /// A panel background.
    pub fn panel(&self, r: Rect) {
        rounded_rect(r, 10.0_f32.min(r.h * 0.1), theme::palette().panel);
    }

    /// A screen title at the top left, with the way back named under it.
    pub fn title(&self, s: &str) {
        let size = self.unit * 2.0;
        self.text(
            s,
            self.unit * 1.5,
            self.unit * 3.0,
            size,
            theme::palette().text,
        );
        self.text(
            crate::i18n::tr(crate::i18n::Text::EscBack),
            self.unit * 1.5,
            self.unit * 4.4,
            self.unit * 0.8,
            theme::palette().text_dim,
        );
    }
}

/// The size of ordinary text for a window of this size.
pub fn text_unit(w: f32, h: f32) -> f32 {
    (w / 1280.0).min(h / 800.0).clamp(0.55, 2.0) * 20.0
}

/// Splits `s` into lines no wider than `width` (breaking at spaces, or anywhere in CJK text).
pub(crate) fn wrap(s: &str, width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines = Vec::new();
    for para in s.split('\n') {
        let mut line = String::new();
        for word in split_keep_spaces(para) {
            let candidate = format!("{line}{word}");
            if measure(candidate.trim_end()) <= width || line.trim().is_empty() {
                line = candidate;
                continue;
            }
            lines.push(line.trim_end().to_string());
            line = word.trim_start().to_string();
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// Text that fits `width`: shrunk down to 70 % of `size` (never below a readable size), then
/// cut with an ellipsis.
pub(crate) fn fit_text(ui: &Ui, s: &str, width: f32, size: f32) -> (String, f32) {
    let min = (size * 0.7).max(MIN_READABLE_PX.min(size));
    let f = fit(ui, s, width, size);
    if f >= min {
        return (s.to_string(), f);
    }
    let mut chars: Vec<char> = s.chars().collect();
    while chars.len() > 1 {
        chars.pop();
        let t: String = chars.iter().collect::<String>() + "…";
        if ui.measure(&t, min).width <= width {
            return (t, min);
        }
    }
    (s.chars().take(1).collect(), min)
}

/// The largest size up to `size` at which `s` fits in `width`.
pub fn fit(ui: &Ui, s: &str, width: f32, size: f32) -> f32 {
    let w = ui.measure(s, size).width;
    if w <= width || w <= 0.0 {
        size
    } else {
        (size * width / w).max(6.0)
    }
}

/// Words with their following space; every Chinese or Japanese character is a word of its
/// own (Korean, written with spaces, breaks at spaces like English).
fn split_keep_spaces(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in s.chars() {
        let hangul = matches!(c as u32, 0xAC00..=0xD7A3 | 0x1100..=0x11FF | 0x3130..=0x318F);
        let wide = c as u32 >= 0x2E80 && !hangul;
        if wide {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            out.push(c.to_string());
            continue;
        }
        cur.push(c);
        if c == ' ' {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A filled rectangle with rounded corners, drawn as one fan of triangles so translucent
/// colours do not darken where pieces would overlap.
pub(crate) fn rounded_rect(r: Rect, radius: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    if rad < 1.0 {
        draw_rectangle(r.x, r.y, r.w, r.h, color);
        return;
    }
    const STEPS: usize = 6;
    let mut outline = Vec::with_capacity(4 * (STEPS + 1));
    let corners = [
        (r.x + r.w - rad, r.y + rad, -90.0f32),
        (r.x + r.w - rad, r.y + r.h - rad, 0.0),
        (r.x + rad, r.y + r.h - rad, 90.0),
        (r.x + rad, r.y + rad, 180.0),
    ];
    for (cx, cy, start) in corners {
        for k in 0..=STEPS {
            let a = (start + 90.0 * k as f32 / STEPS as f32).to_radians();
            outline.push(vec2(cx + rad * a.cos(), cy + rad * a.sin()));
        }
    }
    let c = r.center();
    for i in 0..outline.len() {
        let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
        draw_triangle(c, a, b, color);
    }
}

/// The outline of a rounded rectangle.
pub(crate) fn rounded_outline(r: Rect, radius: f32, thickness: f32, color: Color) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    draw_line(r.x + rad, r.y, r.x + r.w - rad, r.y, thickness, color);
    draw_line(
        r.x + rad,
        r.y + r.h,
        r.x + r.w - rad,
        r.y + r.h,
        thickness,
        color,
    );
    draw_line(r.x, r.y + rad, r.x, r.y + r.h - rad, thickness, color);
    draw_line(
        r.x + r.w,
        r.y + rad,
        r.x + r.w,
        r.y + r.h - rad,
        thickness,
        color,
    );
    if rad >= 1.0 {
        for (cx, cy, start) in [
            (r.x + rad, r.y + rad, 180.0),
            (r.x + r.w - rad, r.y + rad, 270.0),
            (r.x + r.w - rad, r.y + r.h - rad, 0.0),
            (r.x + rad, r.y + r.h - rad, 90.0),
        ] {
            draw_arc(cx, cy, 12, rad, start, thickness, 90.0, color);
        }
    }
}

/// A single-line text field.
#[derive(Clone, Debug, Default)]
pub struct TextField {
    pub text: String,
    pub focused: bool,
    pub max_chars: usize,
}

impl TextField {
    pub fn new(text: impl Into<String>, max_chars: usize) -> TextField {
        TextField {
            text: text.into(),
            focused: false,
            max_chars,
        }
    }

    /// Draws the field with its label and applies this frame's typing when focused.
    /// Returns true when Enter was pressed in it.
    pub fn show(&mut self, ui: &Ui, r: Rect, label: &str) -> bool {
        let size = (r.h * 0.42).min(ui.unit * 1.2);
        let label_w = r.w * 0.42;
        ui.text_mid(label, r.x, r.y + r.h / 2.0, size, theme::palette().text_dim);
        let field = Rect::new(r.x + label_w, r.y, r.w - label_w, r.h);
        if ui.input.pressed {
            self.focused = field.contains(ui.input.mouse);
        }
        let mut entered = false;
        if self.focused {
            for &c in &ui.input.chars {
                if self.text.chars().count() < self.max_chars {
                    self.text.push(c);
                }
            }
            if ui.input.backspace {
                self.text.pop();
            }
            entered = ui.input.enter;
        }
        rounded_rect(
            field,
            r.h * 0.15,
            theme::mix(theme::palette().background, BLACK, 0.2),
        );
        rounded_outline(
            field,
            r.h * 0.15,
            if self.focused { 2.0 } else { 1.0 },
            if self.focused {
                theme::ACCENT
            } else {
                theme::palette().panel_light
            },
        );
        let w = ui.text_mid(
            &self.text,
            field.x + size * 0.5,
            field.y + field.h / 2.0,
            size,
            theme::palette().text,
        );
        if self.focused {
            ui.caret(field.x + size * 0.5 + w + 2.0, field);
        }
        entered
    }
}

/// A vertical list of rows with mouse-wheel scrolling. `scroll` is the index of the first row
/// shown; returns the row clicked, if any.
pub(crate) fn list_rows(
    ui: &Ui,
    r: Rect,
    rows: &[String],
    row_h: f32,
    scroll: &mut usize,
    selected: Option<usize>,
) -> Option<usize> {
    let visible = ((r.h / row_h).floor() as usize).max(1);
    if ui.hovered(r) {
        if ui.input.wheel > 0.0 && *scroll > 0 {
            *scroll -= 1;
        } else if ui.input.wheel < 0.0 && *scroll + visible < rows.len() {
            *scroll += 1;
        }
    }
    *scroll = (*scroll).min(rows.len().saturating_sub(visible));
    let mut clicked = None;
    for (i, row) in rows.iter().enumerate().skip(*scroll).take(visible) {
        let y = r.y + (i - *scroll) as f32 * row_h;
        let rr = Rect::new(r.x, y, r.w, row_h - 2.0);
        let hot = ui.hovered(rr);
        if Some(i) == selected {
            draw_rectangle(rr.x, rr.y, rr.w, rr.h, theme::alpha(theme::ACCENT, 0.35));
        } else if hot {
            draw_rectangle(rr.x, rr.y, rr.w, rr.h, theme::palette().panel_light);
        }
        ui.text_mid(
            row,
            rr.x + 8.0,
            rr.y + rr.h / 2.0,
            row_h * 0.5,
            theme::palette().text,
        );
        if ui.clicked(rr) {
            clicked = Some(i);
        }
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_between_kanji() {
        let m = |s: &str| s.chars().count() as f32;
        assert_eq!(wrap("aa bb cc", 5.0, m), vec!["aa bb", "cc"]);
        assert_eq!(wrap("二歩二歩二歩", 4.0, m), vec!["二歩二歩", "二歩"]);
        assert_eq!(wrap("a\nb", 9.0, m), vec!["a", "b"]);
        assert_eq!(wrap("한국 말입니다", 4.0, m), vec!["한국", "말입니다"]);
    }
}
