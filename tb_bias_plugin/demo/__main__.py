import sys

from tb_bias_plugin.demo import main

sys.exit(main())
