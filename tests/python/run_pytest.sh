#!/usr/bin/env bash
# Runs the Python tools' tests (tests/python) in the project's venv (scripts/setup-python):
#   run_pytest.sh SOURCE_DIR ORACLE_BINARY PYTEST_ARGS...
# Exit 77 (CTest: skipped) with a message when the venv is absent.
set -uo pipefail
SOURCE=$1
ORACLE=$2
shift 2
VENV=${CHAD_VENV:-$SOURCE/.venv}
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import pytest" 2>/dev/null; then
  echo "SKIPPED: the Python tools' venv is absent ($VENV): run scripts/setup-python (needs PyPI)"
  exit 77
fi
cd "$SOURCE"
export CHAD_ORACLE=$ORACLE
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider -p no:logging "$@"
