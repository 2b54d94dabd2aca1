//! End-to-end tests of the `bufrs-plan` binary: a good file gives the summary line and an
//! offsets file that matches it; a bad file gives exit status 2 and names the line.

use std::path::PathBuf;
use std::process::Command;

/// A fresh scratch directory under the system temp dir (no extra crates).
fn scratch(name: &str) -> PathBuf {
    let unique = format!(
        "bufrs-plan-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    );
    let dir = std::env::temp_dir().join(unique);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

fn bufrs_plan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bufrs-plan"))
}

#[test]
fn plans_a_small_file_and_writes_offsets_and_svg() {
    let dir = scratch("good");
    let input = dir.join("in.csv");
    // MiniMalloc's input.12 example: optimum 12 = lower bound.
    std::fs::write(
        &input,
        "id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\nb3,0,9,4\nb4,9,21,4\nb5,0,21,4\n",
    )
    .unwrap();
    let out = dir.join("offsets.csv");
    let picture = dir.join("plan.svg");
    let output = bufrs_plan()
        .args(["--planner", "search", "--search-budget-ms", "100"])
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .arg("--svg")
        .arg(&picture)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(
        lines[0]
            .starts_with("planner=search buffers=5 peak=12 lower_bound=12 ratio=1.0000 time_ms="),
        "{stdout}"
    );
    let offsets = std::fs::read_to_string(&out).unwrap();
    let mut rows = offsets.lines();
    assert_eq!(rows.next(), Some("id,offset"));
    let parsed: Vec<(String, u64)> = rows
        .map(|row| {
            let (id, offset) = row.split_once(',').unwrap();
            (id.to_string(), offset.parse().unwrap())
        })
        .collect();
    let ids: Vec<&str> = parsed.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["b1", "b2", "b3", "b4", "b5"]);
    // Every buffer fits under the peak; b5 lives throughout and is apart from all others.
    assert!(parsed.iter().all(|(_, offset)| offset + 4 <= 12));
    let b5 = parsed[4].1;
    assert!(
        parsed[..4]
            .iter()
            .all(|(_, offset)| offset.abs_diff(b5) >= 4)
    );
    let svg = std::fs::read_to_string(&picture).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(">b5</text>"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn alignment_option_rounds_sizes_and_offsets() {
    let dir = scratch("align");
    let input = dir.join("in.csv");
    std::fs::write(&input, "id,lower,upper,size\na,0,2,40\nb,1,3,4\n").unwrap();
    let out = dir.join("offsets.csv");
    let output = bufrs_plan()
        .args(["--planner", "best-fit-start", "--alignment", "64"])
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("peak=128 lower_bound=128"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "id,offset\na,0\nb,64\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_file_exits_2_and_names_the_line() {
    let dir = scratch("bad");
    let cases = [
        (
            "id,lower,upper,size\n1,0,4,8\n2,3,3,8\n",
            "line 3",
            "empty lifetime",
        ),
        (
            "id,lower,upper,size\n1,0,4,8\n2,0,4,-8\n",
            "line 3",
            "negative",
        ),
        (
            "id,lower,upper,size\n1,0,4,eight\n",
            "line 2",
            "not an integer",
        ),
        ("id,lower,size\n1,0,8\n", "line 1", "missing column `upper`"),
        (
            "id,lower,upper,size\n1,0,4,8\n1,4,5,8\n",
            "line 3",
            "duplicate id",
        ),
    ];
    for (index, (text, line, words)) in cases.iter().enumerate() {
        let input = dir.join(format!("bad{index}.csv"));
        std::fs::write(&input, text).unwrap();
        let output = bufrs_plan().arg(&input).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{text}: {stderr}");
        assert!(
            stderr.contains(line) && stderr.contains(words),
            "{text}: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn unknown_planner_and_missing_file_exit_2() {
    let dir = scratch("args");
    let input = dir.join("in.csv");
    std::fs::write(&input, "id,lower,upper,size\n1,0,4,8\n").unwrap();
    let output = bufrs_plan()
        .args(["--planner", "magic"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown planner `magic`"));
    let output = bufrs_plan().arg(dir.join("absent.csv")).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn capacity_answers_yes_at_the_optimum_and_no_below_it() {
    let dir = scratch("capacity");
    let input = dir.join("in.csv");
    std::fs::write(
        &input,
        "id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\nb3,0,9,4\nb4,9,21,4\nb5,0,21,4\n",
    )
    .unwrap();
    let run = |capacity: &str| {
        bufrs_plan()
            .args(["--planner", "search", "--capacity", capacity])
            .arg(&input)
            .output()
            .unwrap()
    };
    let fits = run("12");
    let stdout = String::from_utf8_lossy(&fits.stdout);
    assert!(fits.status.success(), "{stdout}");
    assert!(
        stdout.starts_with("capacity=12 fits=yes\nplanner=search buffers=5 peak=12 "),
        "{stdout}"
    );
    // 11 is below the lower bound: proved infeasible, exit status 3.
    let below = run("11");
    let stdout = String::from_utf8_lossy(&below.stdout);
    assert_eq!(below.status.code(), Some(3), "{stdout}");
    assert!(
        stdout.starts_with("capacity=11 fits=no time_ms="),
        "{stdout}"
    );
    // Only the search answers capacity questions.
    let wrong = bufrs_plan()
        .args(["--planner", "greedy-size", "--capacity", "12"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("--capacity needs --planner search"));
}

/// Seed 004's slice list (IREE `stream.resource.pack`): 40, 4, 40, 4 bytes over [0,2] [1,2]
/// [2,4] [3,4], 64-byte aligned: 192 bytes at 0, 64, 128, 0. With symbolic sizes the layout is
/// printed as expressions; disjoint dynamic slices share offset 0.
#[test]
fn slice_lists_give_the_iree_layout_and_symbolic_offsets() {
    let dir = scratch("slices");
    let input = dir.join("pack.slices");
    std::fs::write(
        &input,
        "# seed 004\n[0, 2] = 40\n[1, 2] = 4\n[2, 4] = 40\n[3, 4] = 4\n",
    )
    .unwrap();
    let output = bufrs_plan()
        .args(["--planner", "best-fit-start", "--alignment", "64"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "planner=best-fit-start slices=4 total=192 lower_bound=192\n\
         slice 0: [0, 2] size=40 offset=0\n\
         slice 1: [1, 2] size=4 offset=64\n\
         slice 2: [2, 4] size=40 offset=128\n\
         slice 3: [3, 4] size=4 offset=0\n"
    );
    std::fs::write(&input, "[0, 1] = 4 * %n\n[1, 2] = 64\n[3, 4] = %m * 8\n").unwrap();
    let output = bufrs_plan()
        .args(["--alignment", "64"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "planner=default slices=3 total=max(%n * 4 + 64, %m * 8) \
         lower_bound=max(align(%n * 4, 64) + 64, align(%m * 8, 64))\n\
         slice 0: [0, 1] size=%n * 4 offset=64\n\
         slice 1: [1, 2] size=64 offset=0\n\
         slice 2: [3, 4] size=%m * 8 offset=0\n"
    );
    std::fs::write(&input, "[0, 1] = 4\n[2, 1] = 4\n").unwrap();
    let output = bufrs_plan().arg(&input).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 2"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A reader that closes the pipe early (`bufrs-plan ... | head -0`) ends bufrs-plan quietly
/// with status 0, as Unix filters end: no panic, no backtrace, nothing on stderr.
#[test]
fn closed_stdout_ends_quietly() {
    use std::process::Stdio;
    let dir = scratch("pipe");
    let input = dir.join("slices.txt");
    let text: String = (0..2000)
        .map(|k| format!("[{k}, {}] = %n\n", k + 3))
        .collect();
    std::fs::write(&input, text).unwrap();
    let mut child = bufrs_plan()
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the read end at once: every write then fails with a broken pipe.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// A byte-order mark before the content is not content: a slice list is still read as one
/// (not as CSV, "missing column `id`"), and a CSV's header still names its columns.
#[test]
fn byte_order_mark_is_not_content() {
    let dir = scratch("bom");
    let slices = dir.join("slices.txt");
    std::fs::write(&slices, "\u{feff}[0, 2] = 40\n[1, 2] = 4\n").unwrap();
    let output = bufrs_plan().arg(&slices).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("slices=2 "), "{stdout}");
    let csv = dir.join("in.csv");
    std::fs::write(&csv, "\u{feff}id,lower,upper,size\na,0,2,8\nb,1,3,8\n").unwrap();
    let output = bufrs_plan().arg(&csv).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("buffers=2 peak=16 "), "{stdout}");
}
