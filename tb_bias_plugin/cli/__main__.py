import sys

from tb_bias_plugin.cli import main

sys.exit(main())
