// Copies the shared light and dark icons into dist/icons, where every node's and the credential's
// `file:` icon references point (../../icons from a node, ../icons from the credential).
const { src, dest } = require('gulp');

exports['build:icons'] = function buildIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
};
