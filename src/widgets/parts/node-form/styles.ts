import files from '../../../ui/files.css?inline';
import { styles as deletion } from '../deletion/styles';
import nodeForm from './node-form.css?inline';

/** The node form's CSS: the file picker of its attachments field, its delete confirmation's, then the form's own. */
export const styles: readonly string[] = [files, ...deletion, nodeForm];
