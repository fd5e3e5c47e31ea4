// Process groups started by run_command, so cancel and exit can kill them with their children.
export class ProcessRegistry {
  private readonly groups = new Set<number>()

  add(pid: number): void {
    this.groups.add(pid)
  }

  delete(pid: number): void {
    this.groups.delete(pid)
  }

  /** Kills one whole group (negative pid); a group that already exited is ignored. */
  kill(pid: number): void {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // ESRCH: the group is gone already.
    }
  }

  killAll(): void {
    for (const pid of this.groups) this.kill(pid)
    this.groups.clear()
  }
}
