//! Which shard runs which mutant: by expected cost, evenly, and the same on every shard
//! (the costs come from the archive's one baseline, so every shard computes one split).

/// `k` of `n` shards, 1-based as the user writes it (`--shard 2/3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}` is not a shard: write K/N, with 1 <= K <= N");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// The shard (0-based) of each candidate mutant (`None` for the others): the costliest
/// first, each to the shard with the least cost so far (the lowest on a tie), mutants of
/// equal cost in index order.
pub fn assign(costs: &[u64], candidates: &[bool], n: usize) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..costs.len()).filter(|&m| candidates[m]).collect();
    order.sort_by_key(|&m| (std::cmp::Reverse(costs[m]), m));
    let mut load = vec![0u64; n];
    let mut shard = vec![None; costs.len()];
    for m in order {
        let lightest = (0..n).min_by_key(|&s| (load[s], s)).expect("n >= 1");
        load[lightest] += costs[m];
        shard[m] = Some(lightest);
    }
    shard
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_as_k_of_n() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { k: 2, n: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_candidate_goes_to_one_shard_and_the_loads_are_even() {
        let costs: Vec<u64> = (0..100).map(|i| (i * 37 % 101) as u64 + 1).collect();
        let mut candidates = vec![true; 100];
        candidates[7] = false;
        let shards = assign(&costs, &candidates, 3);
        assert_eq!(shards[7], None);
        let mut load = [0u64; 3];
        for (m, s) in shards.iter().enumerate() {
            if let Some(s) = s {
                load[*s] += costs[m];
            }
        }
        let (min, max) = (load.iter().min().unwrap(), load.iter().max().unwrap());
        // Greedy by cost is within the largest item of even.
        assert!(max - min <= *costs.iter().max().unwrap(), "{load:?}");
        assert_eq!(
            assign(&costs, &candidates, 3),
            shards,
            "the same split every time"
        );
        assert!(
            assign(&costs, &candidates, 1)
                .iter()
                .flatten()
                .all(|&s| s == 0)
        );
    }
}
