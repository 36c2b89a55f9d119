//! A module file named by a `#[cfg_attr(.., path = ..)]`.

pub fn of(x: i32) -> i32 {
    if x < 0 {
        -1
    } else if x > 0 {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tells_the_sign() {
        assert_eq!(crate::sign_of(-7), -1);
        assert_eq!(crate::sign_of(0), 0);
        assert_eq!(crate::sign_of(9), 1);
    }
}
