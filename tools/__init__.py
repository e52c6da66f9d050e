"""What build.py calls to make the site: the package the page downloads (tools.package) and the icons
(tools.icons). build.py stays the command line."""
