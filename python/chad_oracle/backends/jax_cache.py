"""JAX's persistent compilation cache for the JAX modes (issue #29: campaign rates).

Without jit, JAX runs a program op by op, and each primitive at each new shape and parameters is
compiled by XLA first (about 27 ms each on this machine: 80% of a jax-grad campaign's time). JAX
keeps those executables in memory per process; its persistent cache keeps them on disk, keyed by
the lowered module, the compile options, jaxlib's version and the device, so that the second
worker of a campaign, the next campaign and the next mode load them instead of compiling them
again. The executables are the ones XLA would compile: what is judged does not change.

CHAD_ORACLE_JAX_CACHE names the directory (empty: no persistent cache); the default is
$XDG_CACHE_HOME/chad-oracle/jax-compilation-cache (~/.cache/...).

The cache is bounded here, once per process, not by JAX: with a size limit, JAX's cache takes a
lock shared by every process on each write and lists and reads the whole directory to find what
to evict (jax/_src/lru_cache.py), so each compile cost a pass over all the entries and the two
workers of a campaign waited on each other (60 order-2 programs with two workers beside a
21,908-entry cache: 309 s, against 27 s without; bench/RESULTS.md, "JAX's cache, bounded at start").
So JAX keeps every entry with no limit, and `enable` removes the least recently used entries past
MAX_BYTES, down to KEEP_BYTES, once per process (the first module of modes to enable it; the
adapter imports two): a campaign may outgrow the bound while it runs, and the next adapter's start
brings it back.
"""
import os

VARIABLE = "CHAD_ORACLE_JAX_CACHE"
MAX_BYTES = 512 * 2**20  # about 140,000 first-order programs' executables (3.7 MB per 200)
KEEP_BYTES = 384 * 2**20  # what a bounding leaves, so that the next start has nothing to remove
ENTRY_SUFFIX = "-cache"  # JAX's names: <key>-cache, and <key>-atime where JAX kept access times
ACCESS_SUFFIX = "-atime"
_bounded = set()  # the directories this process has bounded already


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
    jax.config.update("jax_compilation_cache_max_size", -1)  # no lock, no scan per write
    if directory not in _bounded:
        _bounded.add(directory)
        bound(directory)
    return directory


def bound(directory, max_bytes=None, keep_bytes=None):
    """Removes the least recently used entries (by the file's access or modification time, the
    later) while the entries together pass max_bytes (MAX_BYTES), down to keep_bytes
    (KEEP_BYTES); returns how many. Another process may remove the same entries at the same
    time: what is gone is skipped."""
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    keep_bytes = KEEP_BYTES if keep_bytes is None else keep_bytes
    entries = []
    try:
        names = os.listdir(directory)
    except OSError:
        return 0
    for name in names:
        if not name.endswith(ENTRY_SUFFIX):
            continue
        try:
            st = os.stat(os.path.join(directory, name))
        except OSError:
            continue
        entries.append((max(st.st_atime, st.st_mtime), name, st.st_size))
    total = sum(size for _, _, size in entries)
    if total <= max_bytes:
        return 0
    removed = 0
    for _, name, size in sorted(entries):
        if total <= keep_bytes:
            break
        key = name[:-len(ENTRY_SUFFIX)]
        for path in (os.path.join(directory, name), os.path.join(directory, key + ACCESS_SUFFIX)):
            try:
                os.remove(path)
            except OSError:
                pass
        total -= size
        removed += 1
    return removed
