//! A fixed pool of worker threads pulling jobs from one queue; results come back to the
//! calling thread, which alone updates progress and state. A job may send any number of
//! results, each as soon as it has it, so progress moves while a long job runs.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::mpsc;

pub fn run<J: Send, R: Send>(
    jobs: Vec<J>,
    workers: usize,
    work: impl Fn(J, &dyn Fn(R)) + Sync,
    mut on_result: impl FnMut(R),
) {
    let queue = Mutex::new(VecDeque::from(jobs));
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            let send = send.clone();
            let (queue, work) = (&queue, &work);
            scope.spawn(move || {
                loop {
                    let job = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
                    let Some(job) = job else { break };
                    // The receiver lives until every worker is done.
                    work(job, &|result| send.send(result).unwrap_or(()));
                }
            });
        }
        drop(send);
        for result in receive {
            on_result(result);
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_job_runs_once() {
        let mut seen = Vec::new();
        super::run(
            (0..100).collect(),
            4,
            |j: i32, send| {
                send(j * 2);
                send(j * 2 + 1);
            },
            |r| seen.push(r),
        );
        seen.sort();
        assert_eq!(seen, (0..200).collect::<Vec<_>>());
    }
}
