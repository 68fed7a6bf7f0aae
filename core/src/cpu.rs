//! Whether this CPU can run the build: on x86-64 the engine is compiled for POPCNT.

/// `Err` with a message for the user when the build uses an instruction this CPU lacks.
pub fn check() -> Result<(), &'static str> {
    #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
    if !std::arch::is_x86_feature_detected!("popcnt") {
        return Err(
            "this build needs a CPU with the POPCNT instruction (x86-64 from about \
                    2008 on); rebuild with RUSTFLAGS=\"-C target-feature=-popcnt\" to run here",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_machine_running_the_tests_can_run_the_build() {
        // The tests themselves were compiled the same way, so they could not run otherwise.
        assert!(super::check().is_ok());
    }
}
