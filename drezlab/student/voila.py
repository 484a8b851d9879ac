# Voilà configuration of `make student` (read because the Makefile passes --Voila.config_file_paths
# with this folder): every lesson is prepared for pupils by drezlab.student before it runs.
from drezlab.student import prelaunch_hook

c.VoilaConfiguration.prelaunch_hook = prelaunch_hook  # noqa: F821 (``c`` is given by traitlets)
