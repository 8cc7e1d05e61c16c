import os
import sys

# Test modules in subfolders share the helpers in this folder (plugin_fixtures).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# Keep TensorFlow's start-up chatter out of test output.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
