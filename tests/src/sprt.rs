//! A sequential probability ratio test for A/B matches of the `strength` harness: results
//! counted by game pair (one opening, both colours; the pentanomial 0, ½, 1, 1½, 2), the Elo
//! of the score with its 95 % interval, and the log-likelihood ratio of "B is `elo1` better"
//! against "B is `elo0` better" under the normal approximation of the pair scores.

/// The expected score (0..1) of a side `elo` logistic Elo points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference that expects `score` (clamped into the open interval (0, 1)).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Game pairs by their total: `counts[k]` pairs in which the side scored k half-points of 4
/// (two losses, a loss and a draw, …, two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Adds a pair from the two games' scores (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
    }

    /// Reads five pair counts `A,B,C,D,E` (as the harness prints them, without brackets), by
    /// their half-points 0 to 4.
    pub fn parse(text: &str) -> Result<Pentanomial, String> {
        let bad =
            || format!("pair counts are five numbers A,B,C,D,E (e.g. 14,0,6,0,0), not `{text}`");
        let counts: Vec<u32> = text
            .trim_matches(|c: char| c == '[' || c == ']' || c.is_whitespace())
            .split(',')
            .map(|n| n.trim().parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let counts: [u32; 5] = counts.try_into().map_err(|_| bad())?;
        Ok(Pentanomial { counts })
    }

    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The number of pairs, the mean of the pair scores (per game, 0..1) and their variance,
    /// counting `prior` more pairs of each kind.
    fn moments(&self, prior: f64) -> (f64, f64, f64) {
        let weights = self.counts.map(|c| c as f64 + prior);
        let n: f64 = weights.iter().sum();
        let x = |k: usize| k as f64 / 4.0;
        let mean = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * x(k))
            .sum::<f64>()
            / n;
        let var = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * (x(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        (n, mean, var)
    }

    /// The score per game (0..1) as played; one half before any pair.
    pub fn score(&self) -> f64 {
        if self.pairs() == 0 {
            return 0.5;
        }
        self.moments(0.0).1
    }

    /// The Elo of the score and its 95 % interval (low, estimate, high), with one pair of each
    /// kind added (see `llr`); `None` before two pairs.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        if self.pairs() < 2 {
            return None;
        }
        let (n, mean, var) = self.moments(1.0);
        let half = 1.96 * (var / n).sqrt();
        Some((
            elo_of_score(mean - half),
            elo_of_score(mean),
            elo_of_score(mean + half),
        ))
    }

    /// The log-likelihood ratio of the hypotheses "`elo1` Elo better" against "`elo0`": each
    /// pair score normal with the observed variance, its mean the score of that Elo. One pair
    /// of each kind is added first: without it two 2-0 pairs have no variance and an LLR
    /// past any bound, and with hundreds of pairs it hardly counts.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let (n, mean, var) = self.moments(1.0);
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }
}

/// What a finished test says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side is at least `elo1` better (with the test's error rates): keep the change.
    H1,
    /// The side is at most `elo0` better: drop it.
    H0,
}

/// A test of `elo0` against `elo1` with error rates `alpha` (accepting H1 wrongly) and `beta`
/// (accepting H0 wrongly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Reads `ELO0,ELO1` (e.g. `0,10`); the error rates are 5 % each.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt wants ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,10), not `{text}`");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The LLR bounds (lower, upper): below the lower H0 holds, above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict once the LLR of `p` has left the bounds.
    pub fn verdict(&self, p: &Pentanomial) -> Option<Verdict> {
        let llr = p.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// One line on where the test stands: the pairs, the LLR within its bounds, and the Elo.
    pub fn status(&self, p: &Pentanomial) -> String {
        let (lower, upper) = self.bounds();
        let elo = match p.elo() {
            Some((lo, e, hi)) => format!("Elo {e:+.1} [{lo:+.1}, {hi:+.1}]"),
            None => "Elo -".into(),
        };
        format!(
            "pairs {:?} LLR {:+.2} [{lower:+.2}, {upper:+.2}] for [{}, {}], {elo}",
            p.counts,
            p.llr(self.elo0, self.elo1),
            self.elo0,
            self.elo1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -35.0, 0.0, 10.0, 191.0] {
            assert!(
                (elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-6,
                "{elo}"
            );
        }
        assert!((score_of_elo(0.0) - 0.5).abs() < 1e-12);
        // 400 Elo is ten to one.
        assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn pair_counts_are_read_as_printed() {
        let p = Pentanomial::parse("14, 0,6,0,0").unwrap();
        assert_eq!(p.counts, [14, 0, 6, 0, 0]);
        assert_eq!(
            Pentanomial::parse("[1, 2, 3, 4, 5]").unwrap().counts,
            [1, 2, 3, 4, 5]
        );
        for bad in ["", "1,2,3,4", "1,2,3,4,5,6", "1,2,x,4,5", "-1,2,3,4,5"] {
            let e = Pentanomial::parse(bad).unwrap_err();
            assert!(e.contains("five numbers"), "{bad}: {e}");
        }
    }

    #[test]
    fn pairs_are_counted_by_their_half_points() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 1.0);
        p.add_pair(1.0, 0.0);
        p.add_pair(0.0, 1.0);
        p.add_pair(0.5, 0.0);
        p.add_pair(0.0, 0.0);
        assert_eq!(p.counts, [1, 1, 2, 0, 1]);
        assert_eq!(p.pairs(), 5);
        assert!((p.score() - 0.45).abs() < 1e-12, "{}", p.score());
        assert_eq!(Pentanomial::default().score(), 0.5);
    }

    #[test]
    fn llr_matches_a_hand_computed_value() {
        // Ten pairs of 1-1 and ten of 1½-½, and one of each kind added: 25 pairs, mean 0.6,
        // variance 0.04. With s0 = 0.5 and s1 = score_of_elo(10):
        // LLR = 25 (s1 - s0)(1.2 - s0 - s1) / 0.08 = 0.83.
        let p = pairs([0, 0, 10, 10, 0]);
        let s1 = score_of_elo(10.0);
        let expected = 25.0 * (s1 - 0.5) * (1.2 - 0.5 - s1) / 0.08;
        assert!((expected - 0.8345).abs() < 1e-3, "{expected}");
        let llr = p.llr(0.0, 10.0);
        assert!((llr - expected).abs() < 1e-9, "{llr}");
    }

    #[test]
    fn a_clear_winner_passes_and_an_equal_side_fails() {
        let t = Sprt::parse("0,10").unwrap();
        let (lower, upper) = t.bounds();
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
        // Mostly won pairs: accepted.
        assert_eq!(t.verdict(&pairs([2, 5, 20, 30, 30])), Some(Verdict::H1));
        // An even match over many pairs: rejected.
        assert_eq!(
            t.verdict(&pairs([120, 400, 960, 400, 120])),
            Some(Verdict::H0)
        );
        // A few pairs decide nothing, even when they are all won.
        assert_eq!(t.verdict(&pairs([0, 1, 2, 1, 0])), None);
        assert_eq!(t.verdict(&pairs([0, 0, 0, 0, 3])), None);
        assert_eq!(t.verdict(&pairs([1, 0, 1, 0, 1])), None);
        assert_eq!(t.verdict(&Pentanomial::default()), None);
        // A long run of 2-0 pairs is decided although the pairs never vary.
        assert_eq!(t.verdict(&pairs([0, 0, 0, 0, 30])), Some(Verdict::H1));
    }

    #[test]
    fn the_elo_interval_brackets_the_estimate() {
        assert_eq!(pairs([0, 0, 1, 0, 0]).elo(), None);
        let (lo, e, hi) = pairs([5, 20, 40, 25, 10]).elo().unwrap();
        assert!(lo < e && e < hi);
        assert!(e > 0.0 && e < 60.0, "{e}");
        // More pairs of the same shape: a narrower interval.
        let (lo4, _, hi4) = pairs([20, 80, 160, 100, 40]).elo().unwrap();
        assert!(hi4 - lo4 < (hi - lo) * 0.6);
    }

    #[test]
    fn bad_bounds_are_refused() {
        for bad in ["10,0", "5,5", "abc", "0;10", "0,", "nan,3"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Sprt::parse(" -5, 5").unwrap().elo1, 5.0);
    }
}
