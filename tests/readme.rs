//! The README's pass table is the registry's: adding a pass or an option
//! without updating the README fails here.

#[test]
fn readme_lists_every_pass_with_its_options() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table = bufrs::registry::markdown_table();
    assert!(
        readme.contains(&table),
        "README.md must contain this table:\n{table}"
    );
}
