//! A token bucket: the rate limiter behind message, chat, import and join-code limits.

use std::time::Instant;

/// `burst` tokens, refilled at `rate` per second.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }

    fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill(Instant::now());
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Is there a token, without taking it?
    pub fn has(&mut self) -> bool {
        self.refill(Instant::now());
        self.tokens >= 1.0
    }

    /// Is the bucket full again (so forgetting it loses nothing)?
    pub fn is_full(&mut self) -> bool {
        self.refill(Instant::now());
        self.tokens >= self.burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_nothing_until_it_refills() {
        let mut b = Bucket::new(0.001, 3.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take());
        assert!(!b.has());
        assert!(!b.is_full());
    }
}
