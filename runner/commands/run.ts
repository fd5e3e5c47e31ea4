import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('run is not built yet')
}
