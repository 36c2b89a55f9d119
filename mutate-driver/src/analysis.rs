//! What a full kill matrix (`--matrix`: every covering test run against every mutant)
//! tells beyond a score: which mutants are redundant, which few say what the rest do,
//! which are hard to kill, how many no test will ever kill, and what each test is worth.
//! Pure logic over test indices; the report turns it into names.
//!
//! Definitions (dynamic subsumption over this suite, seed literature):
//! - M1 subsumes M2 when the tests killing M1 are a non-empty subset of those killing M2.
//! - Mutants with the same kill set are duplicates; the minimal mutants are one of each
//!   kill set that no other kill set is a strict subset of.
//! - A survivor is a requirement no test meets; survivors cannot be told apart by kill
//!   sets, so each counts as one minimal requirement. The subsuming score is killed
//!   minimal mutants over killed minimal mutants plus survivors.
//! - Hard to kill: killed by fewer than 2.5% of the tests that cover it.
//! - Chao1: with f1 and f2 the mutants killed by exactly one and exactly two tests and S
//!   those killed, the killable mutants are estimated as S + f1²/(2·f2), or
//!   S + f1·(f1-1)/2 when f2 = 0; the rest of the judged mutants are likely immortal.

use std::collections::{BTreeMap, BTreeSet};

/// One judged mutant of the matrix (killed or survived; unviable, uncovered and ignored
/// mutants are not requirements a test can meet).
#[derive(Debug, Clone, Default)]
pub struct Row {
    /// Tests that reach it.
    pub covered: BTreeSet<usize>,
    /// Tests that detect it (fail, crash or time out).
    pub killed: BTreeSet<usize>,
}

/// A test's worth, from the matrix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestWorth {
    pub test: usize,
    /// Mutants it kills.
    pub kills: usize,
    /// Mutants no other test kills.
    pub only_it_kills: usize,
    /// Mutants it was run against (it covers them).
    pub runs: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Chao1 {
    /// Mutants killed by exactly one test, and by exactly two.
    pub f1: usize,
    pub f2: usize,
    pub killed: usize,
    pub judged: usize,
    /// Estimated killable mutants.
    pub estimate: f64,
    /// Judged mutants beyond the estimate: likely no test will ever kill them.
    pub immortals: f64,
    /// Too few kills killed once or twice for the estimate to mean much.
    pub too_few: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Groups (two or more) of killed mutants with the same kill set, by row index.
    pub duplicates: Vec<Vec<usize>>,
    /// One mutant per minimal kill set (the first of its group).
    pub minimal: Vec<usize>,
    pub killed: usize,
    pub survived: usize,
    /// Killed mutants with kills below 2.5% of their covering tests.
    pub hard_to_kill: Vec<usize>,
    pub chao1: Chao1,
    /// Every test that covers a judged mutant, most kills first.
    pub tests: Vec<TestWorth>,
}

impl Analysis {
    /// Killed minimal mutants over minimal requirements (see the module's definitions).
    pub fn subsuming_score(&self) -> Option<f64> {
        let total = self.minimal.len() + self.survived;
        (total > 0).then(|| self.minimal.len() as f64 / total as f64)
    }

    /// Killed over judged, for comparison.
    pub fn score(&self) -> Option<f64> {
        let total = self.killed + self.survived;
        (total > 0).then(|| self.killed as f64 / total as f64)
    }
}

/// Below this share of covering tests killing it, a mutant is hard to kill.
pub const HARD_TO_KILL: f64 = 0.025;

pub fn analyse(rows: &[Row]) -> Analysis {
    let killed_rows: Vec<usize> = (0..rows.len())
        .filter(|&m| !rows[m].killed.is_empty())
        .collect();
    let mut by_set: BTreeMap<&BTreeSet<usize>, Vec<usize>> = BTreeMap::new();
    for &m in &killed_rows {
        by_set.entry(&rows[m].killed).or_default().push(m);
    }
    let duplicates = by_set.values().filter(|g| g.len() > 1).cloned().collect();
    let sets: Vec<&BTreeSet<usize>> = by_set.keys().copied().collect();
    let mut minimal: Vec<usize> = by_set
        .iter()
        .filter(|(set, _)| {
            !sets
                .iter()
                .any(|other| other.len() < set.len() && other.is_subset(set))
        })
        .map(|(_, group)| group[0])
        .collect();
    minimal.sort();
    let hard_to_kill = killed_rows
        .iter()
        .copied()
        .filter(|&m| {
            let row = &rows[m];
            (row.killed.len() as f64) < HARD_TO_KILL * row.covered.len() as f64
        })
        .collect();
    Analysis {
        duplicates,
        minimal,
        killed: killed_rows.len(),
        survived: rows.len() - killed_rows.len(),
        hard_to_kill,
        chao1: chao1(rows),
        tests: worth(rows),
    }
}

fn chao1(rows: &[Row]) -> Chao1 {
    let killed_by = |n: usize| rows.iter().filter(|r| r.killed.len() == n).count();
    let (f1, f2) = (killed_by(1), killed_by(2));
    let killed = rows.iter().filter(|r| !r.killed.is_empty()).count();
    let (f1f, f2f) = (f1 as f64, f2 as f64);
    let estimate = if f2 > 0 {
        killed as f64 + f1f * f1f / (2.0 * f2f)
    } else {
        killed as f64 + f1f * (f1f - 1.0).max(0.0) / 2.0
    };
    // The estimate cannot exceed what there is to kill.
    let estimate = estimate.min(rows.len() as f64);
    Chao1 {
        f1,
        f2,
        killed,
        judged: rows.len(),
        estimate,
        immortals: rows.len() as f64 - estimate,
        too_few: f1 + f2 < 5 || f2 == 0,
    }
}

fn worth(rows: &[Row]) -> Vec<TestWorth> {
    let mut tests: BTreeMap<usize, TestWorth> = BTreeMap::new();
    for row in rows {
        for &t in &row.covered {
            let w = tests.entry(t).or_insert(TestWorth {
                test: t,
                kills: 0,
                only_it_kills: 0,
                runs: 0,
            });
            w.runs += 1;
            if row.killed.contains(&t) {
                w.kills += 1;
                if row.killed.len() == 1 {
                    w.only_it_kills += 1;
                }
            }
        }
    }
    let mut tests: Vec<TestWorth> = tests.into_values().collect();
    tests.sort_by(|a, b| b.kills.cmp(&a.kills).then(a.test.cmp(&b.test)));
    tests
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(covered: &[usize], killed: &[usize]) -> Row {
        Row {
            covered: covered.iter().copied().collect(),
            killed: killed.iter().copied().collect(),
        }
    }

    #[test]
    fn an_empty_matrix_says_nothing_and_divides_by_nothing() {
        let a = analyse(&[]);
        assert!(a.minimal.is_empty() && a.duplicates.is_empty() && a.tests.is_empty());
        assert_eq!((a.score(), a.subsuming_score()), (None, None));
        assert!(a.chao1.too_few);
        assert_eq!(a.chao1.immortals, 0.0);
    }

    #[test]
    fn no_kills_leave_every_mutant_a_survivor() {
        let a = analyse(&[row(&[0, 1], &[]), row(&[1], &[])]);
        assert_eq!((a.killed, a.survived), (0, 2));
        assert!(a.minimal.is_empty());
        assert_eq!(a.subsuming_score(), Some(0.0));
        assert_eq!(a.tests.iter().map(|t| t.kills).sum::<usize>(), 0);
    }

    #[test]
    fn subsumed_and_duplicate_mutants_leave_the_minimal_set() {
        // 0: {0}; 1: {0, 1} (subsumed by 0); 2: {2}; 3: {2} (duplicate of 2);
        // 4: {1, 2} (subsumed by 2); 5: survived.
        let rows = [
            row(&[0, 1, 2], &[0]),
            row(&[0, 1, 2], &[0, 1]),
            row(&[2], &[2]),
            row(&[2], &[2]),
            row(&[1, 2], &[1, 2]),
            row(&[0, 1, 2], &[]),
        ];
        let a = analyse(&rows);
        assert_eq!(a.duplicates, vec![vec![2, 3]]);
        assert_eq!(a.minimal, vec![0, 2]);
        assert_eq!((a.killed, a.survived), (5, 1));
        assert_eq!(a.score(), Some(5.0 / 6.0));
        assert_eq!(a.subsuming_score(), Some(2.0 / 3.0));
    }

    #[test]
    fn equal_kill_sets_are_one_requirement_not_a_cycle() {
        // Three mutants each killed by the same two tests subsume one another: one is
        // minimal, and the group is one duplicate group.
        let rows = [
            row(&[0, 1], &[0, 1]),
            row(&[0, 1], &[0, 1]),
            row(&[0, 1], &[0, 1]),
        ];
        let a = analyse(&rows);
        assert_eq!(a.minimal, vec![0]);
        assert_eq!(a.duplicates, vec![vec![0, 1, 2]]);
    }

    #[test]
    fn one_test_kills_everything_it_covers() {
        let rows = [row(&[7], &[7]), row(&[7], &[7])];
        let a = analyse(&rows);
        assert_eq!(a.minimal.len(), 1);
        assert_eq!(
            a.tests,
            vec![TestWorth {
                test: 7,
                kills: 2,
                only_it_kills: 2,
                runs: 2
            }]
        );
    }

    #[test]
    fn hard_to_kill_is_under_two_and_a_half_percent_of_covering_tests() {
        let forty: Vec<usize> = (0..40).collect();
        let fifty: Vec<usize> = (0..50).collect();
        // 1 of 40 is 2.5%: not under it. 1 of 50 is 2%: hard.
        let a = analyse(&[row(&forty, &[3]), row(&fifty, &[4])]);
        assert_eq!(a.hard_to_kill, vec![1]);
    }

    #[test]
    fn chao1_follows_the_formula_and_says_when_counts_are_too_small() {
        // f1 = 4, f2 = 2, S = 7 (one killed by three), 10 judged.
        let mut rows = vec![row(&[0], &[0]); 4];
        rows.extend(vec![row(&[0, 1], &[0, 1]); 2]);
        rows.push(row(&[0, 1, 2], &[0, 1, 2]));
        rows.extend(vec![row(&[0], &[]); 3]);
        let c = analyse(&rows).chao1;
        assert_eq!((c.f1, c.f2, c.killed, c.judged), (4, 2, 7, 10));
        // 7 + 4² / (2·2) = 11, more than the 10 judged: capped at 10.
        assert_eq!(c.estimate, 10.0);
        assert_eq!(c.immortals, 0.0);
        assert!(!c.too_few);
        // No mutant killed twice: the bias-corrected form, and the caveat.
        let c = analyse(&[row(&[0], &[0]), row(&[1], &[1]), row(&[0, 1], &[])]).chao1;
        assert_eq!((c.f1, c.f2), (2, 0));
        assert_eq!(c.estimate, 2.0 + 2.0 * 1.0 / 2.0);
        assert!(c.too_few);
    }

    #[test]
    fn tests_are_ranked_by_kills_with_what_only_they_kill() {
        let rows = [row(&[0, 1], &[0]), row(&[0, 1], &[0, 1]), row(&[1], &[1])];
        let a = analyse(&rows);
        let ranked: Vec<(usize, usize, usize, usize)> = a
            .tests
            .iter()
            .map(|t| (t.test, t.kills, t.only_it_kills, t.runs))
            .collect();
        assert_eq!(ranked, vec![(0, 2, 1, 2), (1, 2, 1, 3)]);
    }
}
