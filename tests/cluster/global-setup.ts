/** The cluster suite: a run's figures start from an empty file. */
import { startFigures } from './figures';

export default function setup() {
  startFigures();
}
