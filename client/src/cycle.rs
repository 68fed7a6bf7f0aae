//! Stepping through a fixed list of choices, wrapping at both ends: what every `‹ value ›`
//! stepper of the settings and setup screens does.

/// The choice `d` steps from `cur` in `all` (wrapping; an unknown `cur` counts as the first).
pub(crate) fn step<T: Copy + PartialEq>(all: &[T], cur: T, d: i32) -> T {
    let i = all.iter().position(|x| *x == cur).unwrap_or(0) as i32;
    all[(i + d).rem_euclid(all.len() as i32) as usize]
}

#[cfg(test)]
mod tests {
    #[test]
    fn steps_wrap_both_ways() {
        let all = [1, 2, 3];
        assert_eq!(super::step(&all, 1, 1), 2);
        assert_eq!(super::step(&all, 3, 1), 1);
        assert_eq!(super::step(&all, 1, -1), 3);
        assert_eq!(
            super::step(&all, 9, 1),
            2,
            "an unknown choice counts as the first"
        );
    }
}
