"""JAX's persistent compilation cache for the JAX modes (python/chad_oracle/backends/jax_cache.py):
where it lives, switched off by an empty CHAD_ORACLE_JAX_CACHE, every executable kept, the whole bounded
at the adapter's start (not by JAX, whose bound scans the directory on every write)."""
import os
import types

from chad_oracle.backends import jax_cache


def test_the_directory_follows_the_variable_then_xdg_then_home():
    assert jax_cache.cache_directory({"CHAD_ORACLE_JAX_CACHE": "/x/y"}) == "/x/y"
    assert jax_cache.cache_directory({"CHAD_ORACLE_JAX_CACHE": ""}) is None
    assert jax_cache.cache_directory({"XDG_CACHE_HOME": "/c"}) == "/c/chad-oracle/jax-compilation-cache"
    assert jax_cache.cache_directory({}).endswith(os.path.join(".cache", "chad-oracle", "jax-compilation-cache"))


def test_enabling_keeps_every_executable_and_an_empty_variable_changes_nothing(tmp_path):
    updates = {}
    fake = types.SimpleNamespace(config=types.SimpleNamespace(update=lambda k, v: updates.__setitem__(k, v)))
    directory = str(tmp_path / "cache")
    assert jax_cache.enable(fake, {"CHAD_ORACLE_JAX_CACHE": directory}) == directory
    assert os.path.isdir(directory)
    assert updates == {"jax_compilation_cache_dir": directory,
                       "jax_persistent_cache_min_compile_time_secs": 0.0,
                       "jax_persistent_cache_min_entry_size_bytes": -1,
                       "jax_compilation_cache_max_size": -1}
    updates.clear()
    assert jax_cache.enable(fake, {"CHAD_ORACLE_JAX_CACHE": ""}) is None and updates == {}


def _entry(directory, key, size, when):
    path = os.path.join(directory, key + "-cache")
    with open(path, "wb") as f:
        f.write(b"x" * size)
    with open(os.path.join(directory, key + "-atime"), "wb") as f:
        f.write(b"12345678")
    os.utime(path, (when, when))


def test_bounding_removes_the_least_recently_used_entries_down_to_the_kept_size(tmp_path):
    d = str(tmp_path)
    for i, when in enumerate([500, 100, 400, 200, 300]):  # keys k0..k4, k1 the oldest
        _entry(d, "k%d" % i, 100, when)
    assert jax_cache.bound(d, max_bytes=450, keep_bytes=250) == 3
    left = sorted(os.listdir(d))
    assert left == ["k0-atime", "k0-cache", "k2-atime", "k2-cache"]  # the two newest, each with its pair


def test_bounding_leaves_a_cache_within_its_bound_and_a_missing_directory_alone(tmp_path):
    d = str(tmp_path)
    for i in range(4):
        _entry(d, "k%d" % i, 100, 100 + i)
    open(os.path.join(d, ".lockfile"), "w").close()
    assert jax_cache.bound(d, max_bytes=400, keep_bytes=100) == 0
    assert len(os.listdir(d)) == 9
    assert jax_cache.bound(os.path.join(d, "absent")) == 0


def test_enabling_bounds_the_directory_it_names(tmp_path, monkeypatch):
    d = str(tmp_path / "cache")
    os.makedirs(d)
    for i in range(3):
        _entry(d, "k%d" % i, 100, 100 + i)
    monkeypatch.setattr(jax_cache, "MAX_BYTES", 250)
    monkeypatch.setattr(jax_cache, "KEEP_BYTES", 150)
    fake = types.SimpleNamespace(config=types.SimpleNamespace(update=lambda k, v: None))
    assert jax_cache.enable(fake, {"CHAD_ORACLE_JAX_CACHE": d}) == d
    assert sorted(n for n in os.listdir(d) if n.endswith("-cache")) == ["k2-cache"]


def test_a_process_bounds_a_directory_once_however_many_modules_enable_it(tmp_path, monkeypatch):
    d = str(tmp_path / "once")
    calls = []
    monkeypatch.setattr(jax_cache, "bound", lambda directory: calls.append(directory) or 0)
    fake = types.SimpleNamespace(config=types.SimpleNamespace(update=lambda k, v: None))
    for _ in range(2):  # jax_modes and jax_order2 both enable it when the adapter imports them
        assert jax_cache.enable(fake, {"CHAD_ORACLE_JAX_CACHE": d}) == d
    assert calls == [d]
