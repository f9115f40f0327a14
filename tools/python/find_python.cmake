# SPDX-License-Identifier: GPL-3.0-or-later
# Finds what the Python module needs: a Python 3 interpreter with its headers and NumPy, and
# pybind11. Sets TAVLA_PYTHON (ON when the module is built) and Python_EXECUTABLE.
#
# Debian's pybind11 and NumPy belong to Debian's Python (/usr/bin/python3), which is not always
# the python3 first on PATH (pyenv, a virtual environment): that one is taken unless
# -DPython_EXECUTABLE=... names another.
set(TAVLA_PYTHON OFF)
if(TAVLA_BUILD_PYTHON AND (TAVLA_SANITIZE OR TAVLA_FUZZ))
  # An instrumented module cannot be loaded into an uninstrumented interpreter.
  message(STATUS "Python module not built with sanitizers")
elseif(TAVLA_BUILD_PYTHON)
  if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the module is built for")
  endif()
  find_package(Python 3.8 COMPONENTS Interpreter Development.Module NumPy)
  if(Python_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
  if(Python_FOUND AND pybind11_FOUND)
    set(TAVLA_PYTHON ON)
    message(STATUS "Python module: for ${Python_EXECUTABLE} (${Python_VERSION}), pybind11 ${pybind11_VERSION}")
  else()
    message(STATUS "Python module not built: needs Python 3 with its headers and NumPy, and pybind11 "
                   "(Debian: python3-dev python3-numpy pybind11-dev; another Python: -DPython_EXECUTABLE=...)")
  endif()
endif()
