"""JAX's persistent compilation cache for the JAX modes (issue #29: campaign rates).

Without jit, JAX runs a program op by op, and each primitive at each new shape and parameters is
compiled by XLA first (about 27 ms each on this machine: 80% of a jax-grad campaign's time). JAX
keeps those executables in memory per process; its persistent cache keeps them on disk, keyed by
the lowered module, the compile options, jaxlib's version and the device, so that the second
worker of a campaign, the next campaign and the next mode load them instead of compiling them
again. The executables are the ones XLA would compile: what is judged does not change.

CHAD_ORACLE_JAX_CACHE names the directory (empty: no persistent cache); the default is
$XDG_CACHE_HOME/chad-oracle/jax-compilation-cache (~/.cache/...). The cache is bounded: JAX
evicts the least recently used executables past MAX_BYTES.
"""
import os

VARIABLE = "CHAD_ORACLE_JAX_CACHE"
MAX_BYTES = 512 * 2**20  # about 140,000 first-order programs' executables (3.7 MB per 200)


def cache_directory(environ=os.environ):
    """The directory the cache is kept in, or None when switched off."""
    if VARIABLE in environ:
        return environ[VARIABLE] or None
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "chad-oracle", "jax-compilation-cache")


def enable(jax, environ=os.environ):
    """Turns JAX's persistent compilation cache on for every executable, however quick to compile
    (JAX's default keeps only those that took a second or more); returns the directory or None."""
    directory = cache_directory(environ)
    if directory is None:
        return None
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError:
        return None  # not writable here: compile as before
    jax.config.update("jax_compilation_cache_dir", directory)
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)
    jax.config.update("jax_compilation_cache_max_size", MAX_BYTES)
    return directory
