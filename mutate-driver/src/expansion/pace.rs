//! The expansion phase's order and its time left. Each mutant there is a build of its
//! package and of what depends on it: a leaf package's takes a second or two, one the
//! workspace's other crates depend on many times that (rust-url: data-url's 192 in about
//! 1.5 s each, idna's last 20 at 10 s). Counted in mutants, the time left said half of what
//! was left halfway through. So the first mutant of each package is built first, and the
//! time left sums each mutant's package's own pace. Pure.

use std::collections::HashMap;
use std::time::Duration;

/// `candidates` (each with its package, as found) in the order to build them: the first
/// of each package, then the rest of each, the package the first pass ended on first (one
/// switch of package more per package, each a build of the package left).
pub fn order<T>(candidates: Vec<(T, String)>) -> Vec<(T, String)> {
    let mut groups: Vec<(String, Vec<(T, String)>)> = Vec::new();
    for (item, package) in candidates {
        match groups.iter_mut().find(|(p, _)| *p == package) {
            Some((_, group)) => group.push((item, package)),
            None => groups.push((package.clone(), vec![(item, package)])),
        }
    }
    let mut rests = Vec::new();
    let mut ordered = Vec::new();
    for (_, group) in groups {
        let mut group = group.into_iter();
        ordered.extend(group.next());
        rests.push(group);
    }
    for rest in rests.into_iter().rev() {
        ordered.extend(rest);
    }
    ordered
}

/// What each package's builds took so far.
#[derive(Debug, Default)]
pub struct Paces {
    by_package: HashMap<String, Vec<Duration>>,
}

impl Paces {
    /// A build of `package`'s mutant, and its tests' runs, took `took`.
    pub fn took(&mut self, package: &str, took: Duration) {
        self.by_package
            .entry(package.to_owned())
            .or_default()
            .push(took);
    }

    /// The time the mutants still to build (`left`: each one's package) are expected to
    /// take: each at its package's pace (its builds after its first, which also rebuilt
    /// the package before it; its first alone until there are more), or at every build's
    /// where its package has had none.
    pub fn left<'a>(&self, left: impl Iterator<Item = &'a str>) -> Duration {
        let all: Vec<Duration> = self.by_package.values().flatten().copied().collect();
        let overall = mean(&all);
        left.map(|package| match self.by_package.get(package) {
            Some(builds) if builds.len() > 1 => mean(&builds[1..]),
            Some(builds) => builds[0],
            None => overall,
        })
        .sum()
    }
}

fn mean(times: &[Duration]) -> Duration {
    match times.len() {
        0 => Duration::ZERO,
        n => times.iter().sum::<Duration>() / n as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(items: &[(u32, &str)]) -> Vec<(u32, String)> {
        items.iter().map(|&(i, p)| (i, p.to_owned())).collect()
    }

    #[test]
    fn each_package_is_built_once_before_any_is_built_twice() {
        let found = named(&[(1, "a"), (2, "a"), (3, "b"), (4, "a"), (5, "c"), (6, "c")]);
        let built: Vec<u32> = order(found).into_iter().map(|(i, _)| i).collect();
        assert_eq!(built, vec![1, 3, 5, 6, 2, 4]);
    }

    #[test]
    fn the_time_left_goes_by_each_package_s_own_pace() {
        let s = Duration::from_secs;
        let mut paces = Paces::default();
        // A leaf package: its first build rebuilt the package before it too.
        paces.took("data-url", s(4));
        paces.took("data-url", s(1));
        paces.took("data-url", s(2));
        // One the others depend on, built once.
        paces.took("idna", s(10));
        assert_eq!(
            paces.left(["data-url", "data-url", "idna"].into_iter()),
            s(3) / 2 * 2 + s(10)
        );
        // A package not built yet goes at every build's pace.
        assert_eq!(paces.left(["url"].into_iter()), s(17) / 4);
    }
}
