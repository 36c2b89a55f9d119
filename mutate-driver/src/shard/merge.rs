//! `cargo mutate-driver merge DIR...`: the outputs of shards `1/n` to `n/n` of one archive,
//! combined into the results a single run from that archive reaches: each mutant's from
//! the shard that ran it, the work the probe spared summed, the phases' times summed.

use super::output::ShardOutput;
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::lab::Results;
use crate::report::Times;
use std::path::PathBuf;

pub fn merge(dirs: &[PathBuf]) -> Result<(Discovery, Results, Times)> {
    let mut shards = dirs
        .iter()
        .map(|dir| ShardOutput::read(dir))
        .collect::<Result<Vec<_>>>()?;
    shards.sort_by_key(|s| s.shard.k);
    let n = shards[0].shard.n;
    let ks: Vec<usize> = shards.iter().map(|s| s.shard.k).collect();
    if shards.iter().any(|s| s.shard.n != n) || ks != (1..=n).collect::<Vec<_>>() {
        let found: Vec<String> = shards.iter().map(|s| s.shard.to_string()).collect();
        return Err(Error::Usage(format!(
            "merge needs each shard 1/N to N/N of one run once; found {}",
            found.join(", ")
        )));
    }
    if shards.iter().any(|s| !s.same_build(&shards[0])) {
        return Err(Error::Usage(
            "the shards ran different builds (other mutants or tests): run them from one archive"
                .into(),
        ));
    }
    // Other archives (a retried build job) or other selections split differently: a mutant
    // would then be run twice or by no shard.
    if shards.iter().any(|s| s.split != shards[0].split) {
        return Err(Error::Usage(
            "the shards split the mutants differently (another archive, or other selection \
             options): run every shard from one archive with the same options"
                .into(),
        ));
    }
    let d = shards[0].discovery()?;
    let mut shards = shards.into_iter();
    let first = shards.next().expect("at least one shard");
    let mut results = first.results;
    let mut times = first.times;
    for shard in shards {
        for m in (0..results.mutants.len()).filter(|&m| shard.owns(m)) {
            results.mutants[m] = shard.results.mutants[m].clone();
        }
        results.interrupted |= shard.results.interrupted;
        results.proven.mutants += shard.results.proven.mutants;
        results.proven.runs += shard.results.proven.runs;
        results.mutants_time += shard.results.mutants_time;
        results.whole_time += shard.results.whole_time;
        results.unsafe_time += shard.results.unsafe_time;
        results.mutants_costs.add(shard.results.mutants_costs);
        results.tracing_time += shard.results.tracing_time;
        times.total += shard.times.total;
    }
    times.mutants = results.mutants_time;
    times.whole = results.whole_time;
    times.undefined = results.unsafe_time;
    times.mutants_costs = results.mutants_costs;
    times.tracing = results.tracing_time;
    Ok((d, results, times))
}
