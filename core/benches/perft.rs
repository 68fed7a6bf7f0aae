//! Perft benchmark: times move generation (bulk counting at the last ply) on one core and
//! asserts every node count it times. `cargo bench -p yonin-core --bench perft`;
//! `PERFT_DEEP=1` adds standard depth 6, matsuri depth 4 and Yonin depth 7. The last lines
//! compare Yonin's rate at depth 4 with standard's at depths 4 and 5 (issue #3: at least half).

use std::time::Instant;
use yonin_core::perft::perft;
use yonin_core::record::{sfen, ysfen};
use yonin_core::RuleSet;

struct Case {
    name: &'static str,
    yonin: bool,
    position: &'static str,
    depth: u32,
    nodes: u64,
    deep_only: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "standard startpos",
        yonin: false,
        position: "startpos",
        depth: 4,
        nodes: 719_731,
        deep_only: false,
    },
    Case {
        name: "standard startpos",
        yonin: false,
        position: "startpos",
        depth: 5,
        nodes: 19_861_490,
        deep_only: false,
    },
    Case {
        name: "standard startpos",
        yonin: false,
        position: "startpos",
        depth: 6,
        nodes: 547_581_517,
        deep_only: true,
    },
    Case {
        name: "matsuri",
        yonin: false,
        position: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        depth: 3,
        nodes: 4_809_015,
        deep_only: false,
    },
    Case {
        name: "matsuri",
        yonin: false,
        position: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        depth: 4,
        nodes: 516_925_165,
        deep_only: true,
    },
    Case {
        name: "yonin startpos",
        yonin: true,
        position: "startpos",
        depth: 4,
        nodes: 6_561,
        deep_only: false,
    },
    Case {
        name: "yonin startpos",
        yonin: true,
        position: "startpos",
        depth: 5,
        nodes: 82_134,
        deep_only: false,
    },
    Case {
        name: "yonin startpos",
        yonin: true,
        position: "startpos",
        depth: 6,
        nodes: 1_055_321,
        deep_only: false,
    },
    // Depths up to 6 match the naive reference generator (core/tests/data/perft-yonin.txt);
    // depth 7 is this engine's own count, kept as a regression guard.
    Case {
        name: "yonin startpos",
        yonin: true,
        position: "startpos",
        depth: 7,
        nodes: 13_537_582,
        deep_only: true,
    },
];

fn main() {
    let deep = std::env::var_os("PERFT_DEEP").is_some();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs it once too, quickly.
    let quick = !std::env::args().any(|a| a == "--bench");
    println!(
        "{:<22} {:>5} {:>13} {:>9} {:>14}",
        "position", "depth", "nodes", "seconds", "leaves/s"
    );
    let mut rates: Vec<(bool, u32, f64)> = Vec::new();
    for case in CASES.iter().filter(|c| deep || !c.deep_only) {
        if quick && case.nodes > 5_000_000 {
            continue;
        }
        let pos = if case.yonin {
            ysfen::position(case.position, &RuleSet::yonin()).unwrap()
        } else {
            sfen::position(case.position, &RuleSet::standard()).unwrap()
        };
        // Small trees are timed in batches of at least ~10 M leaves, so that Yonin depth 4
        // (6 561 leaves) gives a rate and not the timer's resolution; the best of five batches
        // stands (the machine is shared).
        let runs = if case.nodes < 10_000_000 { 5 } else { 1 };
        let batch = if quick {
            1
        } else {
            (10_000_000 / case.nodes).max(1)
        };
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..runs {
            let t = Instant::now();
            for _ in 0..batch {
                nodes = perft(&pos, case.depth);
            }
            best = best.min(t.elapsed().as_secs_f64() / batch as f64);
        }
        assert_eq!(nodes, case.nodes, "{} depth {}", case.name, case.depth);
        let rate = nodes as f64 / best;
        println!(
            "{:<22} {:>5} {:>13} {:>9.3} {:>12.1} M",
            case.name,
            case.depth,
            nodes,
            best,
            rate / 1e6
        );
        rates.push((case.yonin, case.depth, rate));
    }
    let rate = |yonin: bool, depth: u32| {
        rates
            .iter()
            .find(|r| r.0 == yonin && r.1 == depth)
            .map(|r| r.2)
    };
    if let Some(y4) = rate(true, 4) {
        for d in [4, 5] {
            if let Some(s) = rate(false, d) {
                println!("Yonin depth 4 / standard depth {d}: {:.2}", y4 / s);
            }
        }
    }
}
