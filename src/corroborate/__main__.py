from corroborate.cli import run

run()
