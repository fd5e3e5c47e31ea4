// Runs tasks with at most `workers` at once, keeping results in input order.
import { availableParallelism } from 'node:os'

export const defaultWorkers = (): number => availableParallelism()

export async function runPool<T, R>(items: T[], workers: number, task: (item: T, index: number) => Promise<R>, shouldStop: () => boolean = () => false): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length && !shouldStop()) {
      const index = next++
      results[index] = await task(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, worker))
  return results
}
