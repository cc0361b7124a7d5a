// AddressSanitizer's defaults for the fuzz targets (linked into each of them, not into the
// libraries): detection of stack use after return off. With it on, every call with a local
// whose address is taken gets its frame from AddressSanitizer's fake stack, about 6% of the
// parser target's time (bench/RESULTS.md, "Issue #16: sanitizers and fuzzing"); the sanitizer
// build's tests still run with the runtime's default. ASAN_OPTIONS given at run time override
// these.
extern "C" const char* __asan_default_options() { return "detect_stack_use_after_return=0"; }
