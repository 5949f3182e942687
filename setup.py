"""Build shim: names the cffi extension module. All metadata is in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["holdem_eval/_ffi_build.py:ffibuilder"])
