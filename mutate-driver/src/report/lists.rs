//! One plain file per outcome, one mutant id a line: easy to grep, diff and feed back
//! through `--re`; the pseudo-tested functions; and the tests that fail only when run
//! together, one a line.

use super::pseudo::PseudoTested;
use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use std::path::Path;

pub fn write(
    dir: &Path,
    d: &Discovery,
    results: &Results,
    pseudo: &[PseudoTested],
) -> std::io::Result<()> {
    for status in Status::ALL {
        let mut text = String::new();
        for (m, r) in results.mutants.iter().enumerate() {
            if r.status == status {
                text.push_str(&d.mutants[m].entry.id);
                text.push('\n');
            }
        }
        std::fs::write(dir.join(format!("{}.txt", status.file_stem())), text)?;
    }
    let pseudo_lines: String = pseudo
        .iter()
        .map(|p| format!("{}:{} {}\n", p.file, p.line, p.function))
        .collect();
    std::fs::write(dir.join("pseudo_tested.txt"), pseudo_lines)?;
    let mut order = String::new();
    for &t in &results.fail_together {
        order.push_str(&d.test_id(t));
        order.push('\n');
    }
    std::fs::write(dir.join("order_dependent_tests.txt"), order)
}
