//! A fixed pool of worker threads pulling jobs from one queue; results come back to the
//! calling thread, which alone updates progress and state.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::mpsc;

pub fn run<J: Send, R: Send>(
    jobs: Vec<J>,
    workers: usize,
    work: impl Fn(J) -> R + Sync,
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
                    if send.send(work(job)).is_err() {
                        break;
                    }
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
        super::run((0..100).collect(), 4, |j: i32| j * 2, |r| seen.push(r));
        seen.sort();
        assert_eq!(seen, (0..100).map(|j| j * 2).collect::<Vec<_>>());
    }
}
