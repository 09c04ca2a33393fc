/**
 * The upload part: the Download Template / Upload buttons and the import dialog behind them (nodes
 * or relations). The dialog's code loads on the first press (NodeUploadButtons).
 */
export { NodeUploadButtons, type NodeUploadButtonsProps } from './NodeUploadButtons';
export { styles } from './styles';
