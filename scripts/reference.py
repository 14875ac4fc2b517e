"""The reference browsers for the scripts in this folder: `--reference webkit` (the engine of the
screen we reproduce; WebKitGTK under Xvfb) or `chromium` (faster, the second opinion), through
../shared/tools (SHARED_DIR overrides), with the project's fonts."""
import os, sys
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED_TOOLS = os.path.join(os.environ.get("SHARED_DIR", os.path.join(ROOT, "..", "shared")), "tools")
CACHE = os.path.join(ROOT, ".build", "fidelity-cache")
CHOICES = ("webkit", "chromium")
os.environ.setdefault("FONTCONFIG_FILE", os.path.join(ROOT, "fonts", "fonts.conf"))
sys.path.insert(0, SHARED_TOOLS)


def add_argument(parser):
    parser.add_argument("--reference", choices=CHOICES, default="webkit", help="the browser to compare with (default webkit)")


def boxes(which, path, width):
    """The browser's document size and element boxes (chromium_ref.py / webkit_ref.py `boxes`), cached."""
    import reference_agreement
    os.makedirs(CACHE, exist_ok=True)
    fetch = reference_agreement.webkit_boxes if which == "webkit" else reference_agreement.chromium_boxes
    return fetch(path, width, CACHE)


def page(which, path, width):
    """A full-page PNG at scale 1 by the browser, cached; its path."""
    import reference_agreement
    os.makedirs(CACHE, exist_ok=True)
    return reference_agreement.ref_page(which, path, width, CACHE)


def add_images_argument(parser):
    parser.add_argument("--images", choices=("placeholder", "blocked"), default="placeholder",
                        help="placeholder (default): the browser gets the mail with every image that cannot load replaced "
                             "by a grey image of its tag's size (fill_images.py), snapshot its placeholders; "
                             "blocked: both show failed images")


class BrowserCopy:
    """The mail as the browser should see it: itself (blocked), or a filled copy beside it (so that its
    relative images still resolve), removed on exit."""
    def __init__(self, mail, images):
        self.path, self.temporary = mail, None
        if images == "placeholder":
            import fill_images
            folder = os.path.dirname(os.path.abspath(mail))
            data, _ = fill_images.fill(open(mail, "rb").read(), folder)
            self.temporary = os.path.join(folder, ".%s.filled-%d.html" % (os.path.basename(mail), os.getpid()))
            open(self.temporary, "wb").write(data)
            self.path = self.temporary

    def __enter__(self):
        return self.path

    def __exit__(self, *_):
        if self.temporary and os.path.exists(self.temporary):
            os.remove(self.temporary)
