//! Mutants compiled more than once: the same code in two crates of one test binary (a
//! library's file that an integration test also includes, `#[path = "../src/x.rs"] mod x;`)
//! or in two expansions of one macro. They share an id, as they share the text a user
//! would edit, and an edit changes every copy: switching one on switches on all of them.

use std::collections::HashMap;

/// For each global index with copies, the global indexes of the others; found for the
/// mutants registered so far.
#[derive(Default)]
pub(crate) struct Twins {
    for_mutants: u32,
    of: HashMap<u32, Vec<u32>>,
}

impl Twins {
    /// The other copies of global index `index` among the `mutants` registered, whose
    /// compiled ones `ids` lists with their global indexes; listed again only when more
    /// registered since.
    pub(crate) fn of(
        &mut self,
        mutants: u32,
        index: u32,
        ids: impl FnOnce() -> Vec<(u32, &'static str)>,
    ) -> &[u32] {
        if self.for_mutants != mutants {
            *self = Twins {
                for_mutants: mutants,
                of: copies(ids()),
            };
        }
        self.of.get(&index).map_or(&[], Vec::as_slice)
    }
}

/// Each mutant whose id another one shares, with the others' global indexes.
fn copies(ids: Vec<(u32, &'static str)>) -> HashMap<u32, Vec<u32>> {
    let mut by_id: HashMap<&'static str, Vec<u32>> = HashMap::new();
    for (index, id) in ids {
        by_id.entry(id).or_default().push(index);
    }
    let mut of = HashMap::new();
    for copies in by_id.into_values().filter(|c| c.len() > 1) {
        for &index in &copies {
            let others = copies.iter().copied().filter(|&i| i != index).collect();
            of.insert(index, others);
        }
    }
    of
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mutant_compiled_twice_is_switched_on_with_its_copy() {
        let mut twins = Twins::default();
        let one = || vec![(0, "a"), (1, "b")];
        assert_eq!(twins.of(2, 1, one), &[] as &[u32], "one copy each");
        // A second table registers: `b` again (3), and `c` (2).
        let two = || vec![(0, "a"), (1, "b"), (2, "c"), (3, "b")];
        assert_eq!(twins.of(4, 1, two), &[3]);
        assert_eq!(twins.of(4, 3, || unreachable!("found already")), &[1]);
        assert_eq!(twins.of(4, 0, || unreachable!()), &[] as &[u32]);
        assert_eq!(twins.of(4, 2, || unreachable!()), &[] as &[u32]);
    }
}
