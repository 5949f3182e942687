# Type stub for the cffi-compiled extension (built from holdem_eval/_ffi_build.py).
from typing import Any

ffi: Any
lib: Any
