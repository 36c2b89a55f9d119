//! Every mutant of the fixture, switched on alone, must change what the fixture computes or
//! report itself unviable; with none on, the fixture computes what it does as written.
//!
//! `probe` calls every annotated function on fixed inputs and prints the results, one line
//! per function. In a plain build and in a schemata build with nothing active its output
//! must match the same snapshot. In a schemata build each mutant then runs in a child
//! process (this test binary again, so an endless loop or a crash cannot take the suite
//! down) and the functions whose lines changed are recorded in a second snapshot.

use std::collections::BTreeMap;
use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use torture::*;

/// Set in a child: the id of the mutant it probes.
const CHILD_ENV: &str = "TORTURE_PROBE_MUTANT";
/// Marks the child's probe lines among libtest's own output.
const LINE_PREFIX: &str = "probe| ";
/// Enough for every function's loops as written, far below an endless loop.
const HIT_BUDGET: u64 = 1_000_000;
/// A backstop for an endless loop without a site in it; none is expected.
const CHILD_WALL_CLOCK: Duration = Duration::from_secs(20);

fn line(out: &mut Vec<(String, String)>, name: &str, f: impl FnOnce() -> String) {
    let result = catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("panicked: {message}")
    });
    out.push((name.to_owned(), result));
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(value) = future.as_mut().poll(&mut context) {
            return value;
        }
    }
}

/// Calls the functions of every return type.
fn returns_probe(o: &mut Vec<(String, String)>) {
    use torture::returns::*;
    line(o, "record", || {
        let mut log = vec![1];
        record(&mut log, 5);
        format!("{log:?}")
    });
    line(o, "is_even", || format!("{} {}", is_even(4), is_even(7)));
    line(o, "unsigned", || {
        format!("{} {}", unsigned(5), unsigned(100))
    });
    line(o, "signed", || format!("{}", signed(3)));
    line(o, "float", || format!("{}", float(3.0)));
    line(o, "letter", || format!("{:?}", letter(123)));
    line(o, "owned", || owned(4));
    line(o, "borrowed", || format!("{:?}", borrowed(" hi ")));
    line(o, "optional", || {
        format!("{:?} {:?}", optional(4), optional(i32::MAX))
    });
    line(o, "fallible", || {
        format!("{:?} {:?}", fallible("12"), fallible("x").is_err())
    });
    line(o, "listed", || format!("{:?}", listed(3)));
    line(o, "boxed", || format!("{} {}", boxed(4), boxed(i8::MAX)));
    line(o, "shared", || format!("{}", shared("ab")));
    line(o, "atomic", || {
        format!("{} {}", atomic(true), atomic(false))
    });
    line(o, "counts", || {
        let mut counts: Vec<_> = counts("abca").into_iter().collect();
        counts.sort();
        format!("{counts:?}")
    });
    line(o, "ordered", || format!("{:?}", ordered("ab,abc")));
    line(o, "distinct", || {
        let mut v: Vec<_> = distinct(&[3, 3, 4]).into_iter().collect();
        v.sort();
        format!("{v:?}")
    });
    line(o, "sorted", || format!("{:?}", sorted(&[5, -2, 5])));
    line(o, "queue", || format!("{:?}", queue(3)));
    line(o, "first", || {
        format!("{:?}", first(&["x".to_owned(), "y".to_owned()], "label"))
    });
    line(o, "tail", || format!("{:?}", tail(&[1, 2, 3])));
    line(o, "largest", || {
        format!("{} {}", largest(&[3, 9, 2]), largest(&[0.5, -1.0]))
    });
    line(o, "pick", || pick(&["a", "b", "c"], 5).to_string());
    line(o, "squares", || {
        format!("{:?}", squares(3).collect::<Vec<_>>())
    });
    line(o, "adder", || format!("{}", adder(2)(5)));
    line(o, "doubled_rows", || {
        let rows = [vec![1, 2], vec![40]];
        format!("{:?}", doubled_rows(&rows).collect::<Vec<_>>())
    });
    line(o, "pair", || {
        format!("{:?} {:?} {:?} {:?}", pair(12), pair(10), pair(9), pair(3))
    });
    line(o, "triple", || format!("{:?} {:?}", triple(7), triple(255)));
    line(o, "token", || format!("{:?}", token(1)));
    line(o, "maybe_token", || {
        format!(
            "{:?} {:?} {:?}",
            maybe_token(2),
            maybe_token(1),
            maybe_token(0)
        )
    });
    line(o, "Settings", || {
        let mut s = Settings::with_level(12);
        *s.level_mut() += 1;
        format!("{:?} {}", s, s.level_ref())
    });
    line(o, "fail", || {
        let caught = std::panic::catch_unwind(|| fail("boom"));
        format!("{}", caught.is_err())
    });
    line(o, "shout", || format!("{:?} {:?}", shout("hi"), shout("")));
    line(o, "drop_last", || format!("{:?}", drop_last(vec![3, 2])));
    line(o, "push_parsed", || {
        let mut v = vec![1];
        let results = (push_parsed(&mut v, "7"), push_parsed(&mut v, "x").is_err());
        format!("{results:?} {v:?}")
    });
    line(o, "later", || {
        format!("{:?} {:?}", block_on(later(3)), block_on(later(0)))
    });
    line(o, "nested", || format!("{} {}", nested(3), nested(12)));
    line(o, "gated", || format!("{:?} {:?}", gated(1), gated(5)));
    line(o, "Name::deref", || format!("{:?}", &*name("ab")));
    line(o, "Tagged::as_ref", || {
        let tagged = Tagged(7);
        format!("{} {:?}", AsRef::<u8>::as_ref(&tagged), tagged.as_ref())
    });
    line(o, "Counted::drop", || {
        let count = std::cell::Cell::new(3);
        drop(Counted(&count));
        format!("{}", count.get())
    });
    line(o, "head", || format!("{:?}", head(&[4, 5, 6])));
    line(o, "halves", || format!("{:?}", halves(&[1, 2, 3])));
    line(o, "checked_halves", || {
        format!(
            "{:?} {:?} {:?}",
            checked_halves(&[1, 2]),
            checked_halves(&[1]),
            checked_halves(&[1, 2, 3, 4])
        )
    });
    line(o, "packed", || format!("{:?}", packed(vec![7, 8]).bytes()));
    line(o, "refs", || format!("{:?}", refs(&[1, 2, 3])));
    line(o, "polled", || format!("{:?}", polled(5)));
    line(o, "pinned", || format!("{:?}", pinned(3)));
    // Whether a `Cow` borrows is part of what it is.
    use std::borrow::Cow;
    let cow = |c: Cow<'_, str>| format!("{:?} {}", c, matches!(c, Cow::Borrowed(_)));
    line(o, "trimmed", || {
        format!("{} {}", cow(trimmed(" ab")), cow(trimmed("cd")))
    });
    line(o, "bytes_cow", || {
        let c = bytes_cow(&[1, 2, 3]);
        format!("{:?} {}", c, matches!(c, Cow::Borrowed(_)))
    });
    line(o, "owned_cow", || format!("{:?}", owned_cow("ab")));
    line(o, "os_cow", || {
        let c = os_cow(std::ffi::OsStr::new("ab"));
        format!("{:?} {}", c, matches!(c, Cow::Borrowed(_)))
    });
    line(o, "path_cow", || {
        let c = path_cow("a/b");
        format!("{:?} {}", c, matches!(c, Cow::Borrowed(_)))
    });
    line(o, "cell", || format!("{}", cell(4).get()));
    line(o, "locked", || format!("{}", locked(2).lock().unwrap()));
    line(o, "non_zero", || {
        format!("{} {}", non_zero(3), non_zero(12))
    });
    line(o, "signed_non_zero", || {
        format!("{:?} {:?}", signed_non_zero(5), signed_non_zero(0))
    });
    line(o, "boxed_name", || format!("{:?}", boxed_name("ab")));
    line(o, "shared_bytes", || format!("{:?}", shared_bytes(&[1, 2])));
    line(o, "os_name", || {
        let name = |path| os_name(std::ffi::OsStr::new(path));
        format!("{:?} {:?}", name("dir/file"), name(".."))
    });
    line(o, "as_debug", || format!("{:?}", as_debug(&9)));
    line(o, "shouted", || {
        let mut text = "ab".to_owned();
        format!("{:?}", shouted(&mut text))
    });
    line(o, "cloned_evens", || {
        let evens = cloned_evens(&[1, 2, 3, 4]);
        format!(
            "{:?} {:?}",
            evens.clone().count(),
            evens.collect::<Vec<_>>()
        )
    });
    line(o, "counting_evens", || {
        format!("{:?}", counting_evens(&[1, 2, 4]).collect::<Vec<_>>())
    });
    line(o, "maybe_iter", || {
        let items = |n| maybe_iter(n).map(|i| i.collect::<Vec<_>>());
        format!("{:?} {:?} {:?}", items(3), items(1), items(0))
    });
    line(o, "maybe_adder", || {
        format!(
            "{:?} {}",
            maybe_adder(2).map(|f| f(5)),
            maybe_adder(0).is_none()
        )
    });
    line(o, "aliased", || {
        format!("{:?} {:?}", aliased(7), aliased(100))
    });
    line(o, "labels", || format!("{:?}", labels(3)));
    line(o, "options", || {
        format!("{:?} {:?}", options(4), options(0))
    });
    line(o, "single", || format!("{:?}", single(2)));
}

/// Calls the functions with a standard library twin in them.
fn methods_probe(o: &mut Vec<(String, String)>) {
    use std::sync::atomic::AtomicU32;
    use torture::methods::*;
    line(o, "clamp_sum", || {
        format!("{:?} {:?}", clamp_sum(3, 0, 10), clamp_sum(20, 5, 10))
    });
    line(o, "ends", || {
        format!("{:?} {:?}", ends("  ab ", &[4, 9]), ends("#x", &[]))
    });
    line(o, "searches", || {
        format!(
            "{:?} {:?}",
            searches("xa:b:a", &[7, 1, 7]),
            (searches("xyz", &[1, 5]), searches("", &[6]))
        )
    });
    line(o, "window", || {
        format!("{:?}", window(&[1, 2, 3, 4, 5], 1, 3))
    });
    line(o, "order", || {
        // The atomic's ordering cannot be told on one thread: listed as equivalent.
        let counter = AtomicU32::new(4);
        format!("{:?} {:?}", order(1, 2, &counter), order(3, 2, &counter))
    });
    line(o, "cases", || format!("{:?}", cases("MiXed", 'q')));
    line(o, "directions", || {
        format!("{:?}", directions(&[1, 2, 3, 5]))
    });
    line(o, "parity", || {
        format!("{:?}", [Some(0), Some(2), Some(3), None].map(parity))
    });
    line(o, "band", || {
        format!("{:?}", [0, 3, 4, 12, 13, 14].map(band))
    });
    line(o, "by_length", || {
        // Long enough for the unstable sort not to be an insertion sort, which is stable.
        let words: Vec<String> = (0..64)
            .map(|i| format!("{}{i}", "x".repeat(i % 3)))
            .collect();
        format!(
            "{:?}",
            by_length(words.iter().map(String::as_str).collect())
        )
    });
}

/// Calls the functions whose schemata body runs out of line.
fn outlined_probe(o: &mut Vec<(String, String)>) {
    use torture::outlined::*;
    line(o, "Slots::after_mut", || {
        let mut slots = Slots {
            values: vec![1, 2, 3],
        };
        if let Some(v) = slots.after_mut(0) {
            *v += 10;
        }
        let past_end = slots.after_mut(5).is_none();
        format!("{:?} {past_end}", slots.values)
    });
    line(o, "Slots::tail", || {
        let slots = Slots {
            values: vec![1, 2, 3, 4],
        };
        format!("{:?}", slots.tail(1).collect::<Vec<_>>())
    });
    line(o, "Slots::with_sum", || {
        format!("{:?}", Slots { values: vec![2, 3] }.with_sum())
    });
    line(o, "scaled", || {
        format!("{:?} {}", scaled(" 7 ").ok(), scaled("x").is_err())
    });
    line(o, "boxed_adder", || {
        format!("{} {}", boxed_adder(2, false)(5), boxed_adder(2, true)(5))
    });
    line(o, "read_plus", || {
        let value = 41;
        // SAFETY: points to `value`, alive for the call.
        format!("{}", unsafe { read_plus(&value) })
    });
    line(o, "unpacked", || format!("{:?}", unpacked((9, 4), [5, 6])));
    line(o, "drop_order", || {
        let log = std::cell::RefCell::new(Vec::new());
        let value = drop_order(Noisy(1, &log), Noisy(2, &log), Noisy(3, &log));
        format!("{value} {:?}", log.borrow())
    });
    line(o, "longer", || {
        format!(
            "{} {} {}",
            longer("ab", "abc"),
            longer("abcd", "abc"),
            longer("ab", "cd")
        )
    });
    line(o, "widened", || format!("{}", widened(3)));
}

/// Calls every annotated function; one `(function, results)` pair each.
fn probe() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let o = &mut out;
    line(o, "classify", || {
        let cases = [
            (0, 1, 1),
            (1, 2, 3),
            (2, 2, 2),
            (2, 2, 3),
            (3, 2, 2),
            (2, 3, 2),
            (3, 4, 5),
            (1, 1, 3),
            (5, 1, 1),
            (1, 1, 1),
            (1, 2, 2),
            (2, 1, 2),
            (2, 2, 1),
            (1, 3, 2),
            (3, 1, 2),
        ];
        format!("{:?}", cases.map(|(a, b, c)| classify(a, b, c)))
    });
    line(o, "strings", || strings("ab", &"cd".to_string()));
    line(o, "indexed_places", || {
        let run = |second: Vec<u32>| {
            let mut rows = [vec![1, 2], second];
            let mut words = [1, 2, 3, 4];
            let sum = indexed_places(&mut rows, &mut words);
            format!("{sum} {rows:?} {words:?}")
        };
        format!("{}; {}", run(vec![]), run(vec![5, 6]))
    });
    line(o, "total", || {
        format!("{:?}", total(Meters(1.5), Meters(2.0)))
    });
    line(o, "generic_sum", || {
        format!("{} {}", generic_sum(2, 3), generic_sum(0.5, 0.25))
    });
    line(o, "longest", || {
        format!(
            "{} {} {}",
            longest("abc", "de"),
            longest("a", "bc"),
            longest("xy", "zw")
        )
    });
    line(o, "closures", || format!("{:?}", closures(&[1, 2, 4])));
    line(o, "async_double", || {
        format!("{}", block_on(async_double(21)))
    });
    line(o, "evens", || format!("{:?}", evens(7).collect::<Vec<_>>()));
    line(o, "parse_sum", || {
        format!(
            "{:?} {:?}",
            parse_sum("7", "3"),
            parse_sum("x", "3").is_err()
        )
    });
    line(o, "first_word_len", || {
        format!("{} {}", first_word_len("hello world"), first_word_len("  "))
    });
    line(o, "find_pair", || {
        let grid = vec![vec![-1, 5, 3], vec![4, 3, -3], vec![3]];
        format!(
            "{:?} {:?} {:?} {:?} {:?}",
            find_pair(&grid, 3),
            find_pair(&grid, 4),
            find_pair(&grid, -3),
            find_pair(&grid, 9),
            (find_pair(&[vec![0]], 0), find_pair(&[vec![7, 1, 7]], 7))
        )
    });
    line(o, "loop_value", || {
        format!(
            "{} {} {} {} {}",
            loop_value(1),
            loop_value(4),
            loop_value(100),
            loop_value(101),
            loop_value(200)
        )
    });
    line(o, "raw_read", || format!("{}", raw_read(&[1, 2, 9])));
    line(o, "arrays", || format!("{}", arrays()));
    line(o, "describe", || {
        format!("{:?}", [0, 1, 2, -5, -200, 7].map(describe))
    });
    line(o, "literals", || format!("{}", literals()));
    line(o, "with_macros", || with_macros(&[1, 2, 3]));
    line(o, "timing", || {
        let start = Instant::now();
        format!("{:?}", timing(start) - start)
    });
    line(o, "bits", || {
        format!(
            "{} {} {}",
            bits(0b1100, 0b1010),
            bits(0, 0),
            bits(u32::MAX, 1)
        )
    });
    line(o, "shifted_sum", || format!("{}", shifted_sum(40, 5)));
    line(o, "high_bit", || {
        format!("{} {}", high_bit(5), high_bit(1 << 40))
    });
    line(o, "low_bytes", || {
        use std::hash::Hasher;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let low = low_bytes(&mut hasher, 0x1234);
        format!("{low} {}", hasher.finish())
    });
    line(o, "promoted", || {
        format!("{:?} {:?}", promoted(&[], true), promoted(&[3, 4], false))
    });
    line(o, "negate", || {
        format!("{:?} {:?}", negate(5, true), negate(-3, false))
    });
    line(o, "counting", || {
        let counts = counting(&["a", "b", "a"]);
        format!("{:?}", counts.into_iter().collect::<BTreeMap<_, _>>())
    });
    line(o, "cell_add", || {
        format!("{}", cell_add(&std::cell::RefCell::new(1)))
    });
    line(o, "while_loop", || {
        format!("{} {} {}", while_loop(1), while_loop(6), while_loop(27))
    });
    line(o, "let_chains", || {
        format!(
            "{} {} {} {} {}",
            let_chains(Some(5), true),
            let_chains(Some(3), true),
            let_chains(Some(4), true),
            let_chains(Some(5), false),
            let_chains(None, true)
        )
    });
    line(o, "Stack", || {
        let mut stack = Stack::new();
        let empty = (stack.peek(), stack.is_empty(), stack.len());
        let first = stack.push('a');
        let second = stack.push('b');
        format!(
            "{empty:?} {first} {second} {:?} {} {}",
            stack.peek(),
            stack.is_empty(),
            stack.len()
        )
    });
    line(o, "Shape", || {
        format!("{} {}", Square(3.0).area(), Square(1.5).doubled())
    });
    returns_probe(o);
    methods_probe(o);
    outlined_probe(o);
    line(o, "geometry", || {
        format!(
            "{} {} {} {}",
            geometry::perimeter(2, 3),
            geometry::inner::half(9),
            geometry::inner::half(1),
            geometry::const_square(4)
        )
    });
    line(o, "Style::narrow", || {
        let base = Style {
            width: 80,
            indent: 2,
            wrap: false,
            tabs: 4,
        };
        format!("{:?}", base.narrow(4))
    });
    line(o, "head_and_lanes", || {
        format!("{:?}", head_and_lanes(&[1, 2, 3], &[Lane(7)], 1))
    });
    line(o, "powered", || {
        format!("{:?}", [powered(3, 1.5), powered(0, 0.0), powered(1, -2.0)])
    });
    // A mutant's changes are told by name: two lines of one name would blur them.
    let names: std::collections::BTreeSet<&str> = out.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.len(), out.len(), "two probe lines share a name");
    out
}

fn render(lines: &[(String, String)]) -> String {
    lines
        .iter()
        .map(|(name, result)| format!("{name}: {result}\n"))
        .collect()
}

/// The child half of `every_mutant_is_observable`: a no-op unless started by it.
#[test]
fn probe_child() {
    let Ok(id) = std::env::var(CHILD_ENV) else {
        return;
    };
    mutate_runtime::control::set_hit_budget(HIT_BUDGET);
    mutate_runtime::control::activate(&id).expect("the parent took the id from the catalog");
    std::panic::set_hook(Box::new(|_| {}));
    let lines = probe();
    let fell_back = mutate_runtime::control::fell_back();
    let reached = mutate_runtime::control::reached();
    for (name, result) in lines {
        println!("{LINE_PREFIX}{name}: {result}");
    }
    println!("{LINE_PREFIX}fell back: {fell_back}");
    println!("{LINE_PREFIX}reached: {reached}");
}

#[test]
fn unmutated_behaviour_matches_the_code_as_written() {
    // Same snapshot in both builds: schemata with nothing active behave exactly as written,
    // whether a function runs its body as written (nothing of it active) or its schemata
    // body (while hits are counted, as in the driver's coverage runs).
    mutate_runtime::control::deactivate();
    let as_written = render(&probe());
    mutate_runtime::control::start_counting();
    assert_eq!(
        render(&probe()),
        as_written,
        "schemata bodies, nothing active"
    );
    insta::assert_snapshot!("unmutated", as_written);
}

/// What one mutant did to the probe.
fn observe(id: &str, original: &[(String, String)]) -> String {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "probe_child", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, id)
        .env_remove("MUTATE_ACTIVE")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("test binary starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > CHILD_WALL_CLOCK {
            child.kill().ok();
            child.wait().ok();
            return "wall-clock timeout".to_owned();
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .ok();
    if status.code() == Some(mutate_runtime::control::HIT_BUDGET_EXIT_CODE) {
        return "hit budget exceeded".to_owned();
    }
    // The first probe line follows libtest's `test probe_child ... ` on the same line.
    let lines: BTreeMap<&str, &str> = stdout
        .lines()
        .filter_map(|l| l.split_once(LINE_PREFIX)?.1.split_once(": "))
        .collect();
    if !status.success() {
        return format!("crashed ({status})");
    }
    if lines.get("fell back") == Some(&"true") {
        return "unviable".to_owned();
    }
    let changed: Vec<&str> = original
        .iter()
        .filter(|(name, result)| lines.get(name.as_str()) != Some(&result.as_str()))
        .map(|(name, _)| name.as_str())
        .collect();
    // A mutant that changed something ran: the driver takes a run that did not reach
    // its site as no evidence, and runs it again.
    let reached = lines.get("reached") == Some(&"true");
    match (changed.is_empty(), reached) {
        (true, _) => "unchanged".to_owned(),
        (false, true) => format!("changed {}", changed.join(", ")),
        (false, false) => format!("changed {}, its site not reached", changed.join(", ")),
    }
}

/// Mutants that cannot change what the function computes, each with the reason.
const EQUIVALENT: &[(&str, &str)] = &[
    (
        "examples/torture/src/lib.rs:182:9: swap match arms 1 | 2 and x if x < 0 in describe",
        "the guard keeps 1 and 2 out of the second arm: the patterns overlap, the arms do not",
    ),
    (
        "examples/torture/src/methods.rs:45:57: replace Ordering::SeqCst with Ordering::Relaxed in order",
        "on one thread every ordering of an atomic reads the same",
    ),
    (
        "examples/torture/src/returns.rs:37:34: replace unwrap_or(..) with unwrap_or_default() in letter",
        "n % 10 is always a digit: the default is never taken",
    ),
    (
        "examples/torture/src/lib.rs:195:15: delete - in literals",
        "2147483648i32 wraps to i32::MIN, the value written",
    ),
    (
        "examples/torture/src/lib.rs:24:8: replace if condition with false in classify",
        "a zero side also fails the triangle inequality below",
    ),
    (
        "examples/torture/src/lib.rs:24:15: replace || with && in classify",
        "a zero side also fails the triangle inequality below",
    ),
    (
        "examples/torture/src/lib.rs:24:25: replace || with && in classify",
        "a zero side also fails the triangle inequality below",
    ),
    (
        "examples/torture/src/lib.rs:24:25: replace a == 0 || b == 0 || c == 0 with (a == 0 || b == 0) && c == 0 in classify",
        "a zero side also fails the triangle inequality below",
    ),
    (
        "examples/torture/src/lib.rs:149:14: replace 1 with 0 in loop_value",
        "adding 0 to the sum changes nothing",
    ),
    (
        "examples/torture/src/lib.rs:172:14: replace 0u8 with 1u8 in arrays",
        "only the array's length is read",
    ),
    (
        "examples/torture/src/lib.rs:173:27: replace 1 with 0 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:27: replace 1 with 2 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:30: replace 2 with 0 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:30: replace 2 with 3 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:33: replace 3 with 0 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:33: replace 3 with 4 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:36: replace 4 with 0 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:173:36: replace 4 with 5 in arrays",
        "only lengths are read",
    ),
    (
        "examples/torture/src/lib.rs:183:16: replace < with <= in describe",
        "0 is matched by an earlier arm",
    ),
    (
        "examples/torture/src/lib.rs:183:18: replace 0 with 1 in describe",
        "0 is matched by an earlier arm",
    ),
    (
        "examples/torture/src/lib.rs:184:28: replace \"unreachable\" with \"\" in describe",
        "the arm is unreachable",
    ),
    (
        "examples/torture/src/lib.rs:184:28: replace \"unreachable\" with \"xyzzy\" in describe",
        "the arm is unreachable",
    ),
    (
        "examples/torture/src/lib.rs:216:20: replace & with | in bits",
        "(a & b) | (a ^ b) is a | b, and so is each variant",
    ),
    (
        "examples/torture/src/lib.rs:216:25: replace | with ^ in bits",
        "a & b and a ^ b share no bit",
    ),
    (
        "examples/torture/src/lib.rs:216:30: replace ^ with | in bits",
        "(a & b) | (a ^ b) is a | b, and so is each variant",
    ),
    (
        "examples/torture/src/lib.rs:184:9: delete match arm i32::MIN..=-100 in describe",
        "the arm is unreachable",
    ),
    (
        "examples/torture/src/returns.rs:37:30: replace 10 with 11 in letter",
        "a digit below 10 reads the same in radix 11",
    ),
    (
        "examples/torture/src/returns.rs:123:22: replace 0 with 1 in largest",
        "the largest element does not depend on where the search starts",
    ),
    (
        "examples/torture/src/returns.rs:125:14: replace > with >= in largest",
        "equal elements are the same value",
    ),
    (
        "examples/torture/src/lib.rs:281:12: replace if condition with false in Stack::peek",
        "last() of an empty Vec is None too",
    ),
];

#[test]
fn every_mutant_is_observable() {
    if !mutate_runtime::SCHEMATA {
        // A plain build has no mutants: there is nothing to switch on.
        assert!(mutate_runtime::control::catalog().is_empty());
        return;
    }
    let original = probe();
    let catalog = mutate_runtime::control::catalog();
    assert!(catalog.len() > 250, "the fixture has lost mutants");
    // A constant's mutants are on only in a build that names them: not switched here.
    let (catalog, built): (Vec<_>, Vec<_>) = catalog.into_iter().partition(|m| !m.compile_time);
    assert!(
        built
            .iter()
            .any(|m| m.id.ends_with(": replace + with * in arrays")),
        "the const in `arrays` has its mutants: {:?}",
        built.iter().map(|m| m.id).collect::<Vec<_>>()
    );
    let results = Mutex::new(BTreeMap::new());
    let next = Mutex::new(catalog.iter());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let Some(mutant) = next.lock().unwrap().next() else {
                        return;
                    };
                    let verdict = observe(mutant.id, &original);
                    results.lock().unwrap().insert(mutant.id, verdict);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    let unobserved: Vec<&str> = results
        .iter()
        .filter(|(_, verdict)| *verdict == "unchanged")
        .map(|(id, _)| *id)
        .filter(|id| !EQUIVALENT.iter().any(|(e, _)| e == id))
        .collect();
    let observed_equivalents: Vec<&str> = EQUIVALENT
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| results.get(id).is_some_and(|v| v != "unchanged"))
        .collect();
    assert!(
        observed_equivalents.is_empty(),
        "listed as equivalent, yet observed: {observed_equivalents:?}"
    );
    let table: String = results
        .iter()
        .map(|(id, verdict)| format!("{id}\n    {verdict}\n"))
        .collect();
    insta::assert_snapshot!("mutants", table);
    assert!(
        unobserved.is_empty(),
        "mutants with no observable effect: give the probe an input that tells them apart\n{}",
        unobserved.join("\n")
    );
}
