import ArgumentParser

@main
struct Noticectl: ParsableCommand {}
