pub fn f() -> u32 { 1 + 1 }
