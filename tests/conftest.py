import os
import sys

# Test modules in subfolders share the helpers in this folder (plugin_fixtures).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The markers by what a test runs and the skip rule of CI: ../conftest.py, for the package's doctests too.
