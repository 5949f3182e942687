"""Build shim: names the cffi extension module (all metadata is in pyproject.toml), asks for
one abi3 wheel, turns a missing C compiler into one clear error that names the fix, and
keeps the build-only module holdem_eval/_ffi_build.py out of wheels (MANIFEST.in keeps it
in the sdist)."""

import shutil

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import PlatformError

NO_COMPILER = (
    "holdem-eval: building its C extension needs a C compiler, and {what}. Install one, then "
    "retry: Debian/Ubuntu 'apt-get install build-essential python3-dev', Fedora 'dnf install "
    "gcc python3-devel', Alpine 'apk add build-base python3-dev', macOS 'xcode-select "
    "--install', Windows the Microsoft C++ Build Tools; or set CC to your compiler."
)


class BuildExt(build_ext):
    """``build_ext`` that checks for the compiler before compiling anything."""

    def build_extensions(self) -> None:
        compiler = self.compiler
        if compiler.compiler_type == "msvc":
            try:
                compiler.initialize()
            except PlatformError as exc:
                raise PlatformError(NO_COMPILER.format(what=f"none was found ({exc})")) from None
        else:
            command = getattr(compiler, "compiler_so", None) or ["cc"]
            if shutil.which(command[0]) is None:
                what = f"the compiler {command[0]!r} (from CC, or Python's build settings) is not found"
                raise PlatformError(NO_COMPILER.format(what=what))
        super().build_extensions()


class BuildPy(build_py):
    """``build_py`` without the cffi build script: it runs at build time only (cffi_modules
    names it by path), and in a wheel it would be dead code that imports cffi's builder."""

    BUILD_ONLY = (("holdem_eval", "_ffi_build"),)

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if (m[0], m[1]) not in self.BUILD_ONLY]


setup(
    cffi_modules=["holdem_eval/_ffi_build.py:ffibuilder"],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
    # the extension uses only the stable ABI (cffi API mode with py_limited_api): one abi3
    # wheel for CPython 3.9 and later (pyproject's [tool.distutils] table is experimental)
    options={"bdist_wheel": {"py_limited_api": "cp39"}},
)
