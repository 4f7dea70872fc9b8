// Inter is bundled from npm so nothing is fetched from the internet at run time.
import '@fontsource-variable/inter';
