#[test]
fn triples() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_annotated_program"))
        .arg("4")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "12\n");
}
