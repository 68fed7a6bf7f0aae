//! Training the standard evaluation's residual network (`tune net`): one hidden layer of
//! clipped units over sparse inputs, added to the linear evaluation, fitted by Adam in
//! minibatches to the labelled positions' win rates, σ((linear + network) / K).

use crate::Rng;

/// A labelled position: its active inputs, the linear evaluation and the target win rate,
/// all for the side to move.
pub struct Sample {
    pub inputs: Vec<u32>,
    pub linear: f32,
    pub target: f32,
}

/// The training's settings.
pub struct Options {
    pub inputs: usize,
    pub hidden: usize,
    pub epochs: usize,
    /// Adam's step for the hidden layer, and for the output layer (in centipawns).
    pub rate: f32,
    pub out_rate: f32,
    pub batch: usize,
    /// K of σ(cp / K).
    pub k: f32,
    pub seed: u64,
}

/// A network in floating point: input weights by input then hidden unit, hidden biases,
/// output weights and bias in centipawns.
pub struct Network {
    pub hidden: usize,
    pub inputs: Vec<f32>,
    pub bias: Vec<f32>,
    pub out: Vec<f32>,
    pub out_bias: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Network {
    /// The output for `inputs` in centipawns; `sums` receives the hidden units' sums.
    fn forward(&self, inputs: &[u32], sums: &mut [f32]) -> f32 {
        let h = self.hidden;
        sums.copy_from_slice(&self.bias);
        for &i in inputs {
            let row = &self.inputs[i as usize * h..(i as usize + 1) * h];
            for (s, w) in sums.iter_mut().zip(row) {
                *s += w;
            }
        }
        self.out_bias
            + sums
                .iter()
                .zip(&self.out)
                .map(|(s, w)| s.clamp(0.0, 1.0) * w)
                .sum::<f32>()
    }
}

/// The RMS error in win rate, in percent, of the linear evaluation plus `net` (the linear
/// evaluation alone without one) on `samples`.
pub fn win_rate_error(samples: &[Sample], net: Option<&Network>, k: f32) -> f64 {
    let mut sums = vec![0.0; net.map_or(0, |n| n.hidden)];
    let e: f64 = samples
        .iter()
        .map(|s| {
            let o = net.map_or(0.0, |n| n.forward(&s.inputs, &mut sums));
            f64::from(sigmoid((s.linear + o) / k) - s.target).powi(2)
        })
        .sum();
    100.0 * (e / samples.len().max(1) as f64).sqrt()
}

/// Adam's moments of a block of weights.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// One step of weight `i` by gradient `g`, at step `t` (from 1).
    #[inline]
    fn step(&mut self, w: &mut f32, i: usize, g: f32, rate: f32, t: i32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.m[i] = B1 * self.m[i] + (1.0 - B1) * g;
        self.v[i] = B2 * self.v[i] + (1.0 - B2) * g * g;
        let m = self.m[i] / (1.0 - B1.powi(t));
        let v = self.v[i] / (1.0 - B2.powi(t));
        *w -= rate * m / (v.sqrt() + 1e-8);
    }
}

/// Trains a network on `train`; after each epoch `report` gets the epoch (from 1) and the
/// network. The hidden layer starts small and random (from `seed`), the output at 0, so the
/// first predictions are the linear evaluation's. Only the input rows a minibatch touches
/// take a step.
pub fn train(train: &[Sample], o: &Options, report: impl FnMut(usize, &Network)) -> Network {
    let h = o.hidden;
    let mut rng = Rng::new(o.seed);
    let mut unit = || (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
    let net = Network {
        hidden: h,
        inputs: (0..o.inputs * h).map(|_| (unit() - 0.5) / 6.0).collect(),
        bias: vec![0.5; h],
        out: vec![0.0; h],
        out_bias: 0.0,
    };
    train_from(net, train, o, report)
}

/// [`train`] from the weights of `net` instead of random ones (`net` must have `o`'s shape):
/// a network refined on new positions.
pub fn train_from(
    mut net: Network,
    train: &[Sample],
    o: &Options,
    mut report: impl FnMut(usize, &Network),
) -> Network {
    let h = o.hidden;
    assert_eq!(
        (net.inputs.len(), net.bias.len(), net.out.len()),
        (o.inputs * h, h, h),
        "the starting network's shape"
    );
    let (mut adam_in, mut adam_bias, mut adam_out) =
        (Adam::new(o.inputs * h), Adam::new(h), Adam::new(h + 1));
    let mut grad_in = vec![0.0f32; o.inputs * h];
    let (mut grad_bias, mut grad_out) = (vec![0.0f32; h], vec![0.0f32; h + 1]);
    let mut sums = vec![0.0f32; h];
    let mut touched: Vec<u32> = Vec::new();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut shuffle = Rng::new(o.seed ^ 0x5eed);
    let mut t = 0;
    for epoch in 1..=o.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, shuffle.below(i + 1));
        }
        for batch in order.chunks(o.batch.max(1)) {
            t += 1;
            for &i in &touched {
                grad_in[i as usize * h..(i as usize + 1) * h].fill(0.0);
            }
            touched.clear();
            grad_bias.fill(0.0);
            grad_out.fill(0.0);
            for &n in batch {
                let s = &train[n];
                let out = net.forward(&s.inputs, &mut sums);
                let p = sigmoid((s.linear + out) / o.k);
                // d(p − y)² / d out, averaged over the batch.
                let g = 2.0 * (p - s.target) * p * (1.0 - p) / o.k / batch.len() as f32;
                for j in 0..h {
                    grad_out[j] += g * sums[j].clamp(0.0, 1.0);
                    // Through the clip: only units inside (0, 1) pass a gradient on.
                    sums[j] = if sums[j] > 0.0 && sums[j] < 1.0 {
                        g * net.out[j]
                    } else {
                        0.0
                    };
                    grad_bias[j] += sums[j];
                }
                grad_out[h] += g;
                for &i in &s.inputs {
                    touched.push(i);
                    let row = &mut grad_in[i as usize * h..(i as usize + 1) * h];
                    for (gw, d) in row.iter_mut().zip(&sums) {
                        *gw += d;
                    }
                }
            }
            touched.sort_unstable();
            touched.dedup();
            for &i in &touched {
                let row = i as usize * h..(i as usize + 1) * h;
                let start = row.start;
                let weights = net.inputs[row.clone()].iter_mut();
                for (k, (w, &g)) in weights.zip(&grad_in[row]).enumerate() {
                    adam_in.step(w, start + k, g, o.rate, t);
                }
            }
            for j in 0..h {
                adam_bias.step(&mut net.bias[j], j, grad_bias[j], o.rate, t);
                adam_out.step(&mut net.out[j], j, grad_out[j], o.out_rate, t);
            }
            adam_out.step(&mut net.out_bias, h, grad_out[h], o.out_rate, t);
        }
        report(epoch, &net);
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose target is the linear evaluation plus 300 cp when input 3 is active and
    /// both 5 and 6 are (a pattern no single input carries), over 12 inputs.
    fn samples(n: usize, seed: u64) -> Vec<Sample> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let inputs: Vec<u32> = (0..12).filter(|_| rng.chance(40)).collect();
                let linear = rng.below(400) as f32 - 200.0;
                let has = |i: u32| inputs.contains(&i);
                let extra =
                    if has(3) { 300.0 } else { 0.0 } + if has(5) && has(6) { 300.0 } else { 0.0 };
                Sample {
                    target: sigmoid((linear + extra) / 600.0),
                    inputs,
                    linear,
                }
            })
            .collect()
    }

    /// Settings for the small synthetic problem: 12 inputs, 8 hidden units, 12 epochs.
    fn small_options() -> Options {
        Options {
            inputs: 12,
            hidden: 8,
            epochs: 12,
            rate: 0.01,
            out_rate: 2.0,
            batch: 64,
            k: 600.0,
            seed: 7,
        }
    }

    #[test]
    fn the_network_learns_what_the_linear_evaluation_misses() {
        let (train_set, test_set) = (samples(20_000, 1), samples(2_000, 2));
        let options = small_options();
        let mut errors = Vec::new();
        let net = train(&train_set, &options, |_, net| {
            errors.push(win_rate_error(&test_set, Some(net), 600.0))
        });
        let before = win_rate_error(&test_set, None, 600.0);
        let after = win_rate_error(&test_set, Some(&net), 600.0);
        assert_eq!(errors.len(), 12);
        // The linear evaluation alone is some 10 % off; the network learns nearly all of it.
        assert!(before > 8.0, "{before}");
        assert!(after < 1.0, "{before} -> {after} ({errors:?})");
    }

    #[test]
    fn a_refined_network_starts_from_the_one_it_is_given() {
        let (train_set, test_set) = (samples(20_000, 1), samples(2_000, 2));
        let mut options = small_options();
        let net = train(&train_set, &options, |_, _| {});
        let trained = win_rate_error(&test_set, Some(&net), 600.0);
        // No epochs: the starting network comes back as it was.
        options.epochs = 0;
        let same = train_from(net, &train_set, &options, |_, _| {});
        assert_eq!(win_rate_error(&test_set, Some(&same), 600.0), trained);
        // One small step on more of the same keeps what it knew (a random start is some
        // 10 % off after no training, see above).
        options.epochs = 1;
        options.rate = 0.001;
        options.out_rate = 0.2;
        let refined = train_from(same, &train_set, &options, |_, _| {});
        let after = win_rate_error(&test_set, Some(&refined), 600.0);
        assert!(after < 1.0, "{trained} -> {after}");
    }
}
