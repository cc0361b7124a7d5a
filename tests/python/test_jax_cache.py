"""JAX's persistent compilation cache for the JAX modes (python/chad_oracle/backends/jax_cache.py):
where it lives, switched off by an empty CHAD_ORACLE_JAX_CACHE, every executable kept, the whole bounded."""
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
                       "jax_compilation_cache_max_size": 512 * 2**20}
    updates.clear()
    assert jax_cache.enable(fake, {"CHAD_ORACLE_JAX_CACHE": ""}) is None and updates == {}
